/// The decoders' shared memory budget, as the app hands it to a player.
public struct DecodeMemoryBudget {
    package let memory: DecodeMemory
    public static var shared: DecodeMemoryBudget { DecodeMemoryBudget(memory: .shared) }
}
