import Foundation

/// Which renderers are alive, each with the generation it was registered under.
///
/// `SDL_DestroyRenderer` frees every texture the renderer made; a `Texture` released after that
/// (a retained frame or a text cache still held while the host's stored properties are torn down)
/// would hand SDL freed memory: an occasional SIGSEGV at teardown. A texture remembers its
/// renderer's generation and destroys its handle only while that generation lives. The generation,
/// not the pointer, decides: a new renderer may be allocated at the old one's address.
public enum RendererLife {
    private static let lock = NSLock()
    // Guarded by `lock`: textures may be released on any thread (a decode result dropped by a worker).
    nonisolated(unsafe) private static var live: [OpaquePointer: UInt64] = [:]
    nonisolated(unsafe) private static var last: UInt64 = 0

    /// Registers `renderer` as alive; its textures from now on are destroyed only while it is.
    public static func begin(_ renderer: OpaquePointer) {
        lock.lock(); defer { lock.unlock() }
        last += 1
        live[renderer] = last
    }

    /// Call just before `SDL_DestroyRenderer`: its textures released later leave their handles to it.
    public static func end(_ renderer: OpaquePointer) {
        lock.lock(); defer { lock.unlock() }
        live[renderer] = nil
    }

    /// The generation `renderer` lives under; nil when it was never registered.
    static func generation(of renderer: OpaquePointer) -> UInt64? {
        lock.lock(); defer { lock.unlock() }
        return live[renderer]
    }

    static func isAlive(_ renderer: OpaquePointer, generation: UInt64) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return live[renderer] == generation
    }
}
