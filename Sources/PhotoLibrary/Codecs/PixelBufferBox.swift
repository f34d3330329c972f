/// Where a C decoder's allocation callback leaves the ARGB8888 buffer it asked for, so Swift frees
/// it whatever the decode's outcome; and the decode's memory ticket, which its reserve callback fills.
final class PixelBufferBox {
    var buffer: PixelBuffer?
    let memory: DecodeMemory.Ticket

    init(memory: DecodeMemory.Ticket) { self.memory = memory }

    /// The reserve callback's work: false when the decode was cancelled while it waited.
    func reserve(_ bytes: Int) -> Bool { (try? memory.reserve(bytes)) != nil }

    /// Makes the buffer and returns its rows for the decoder (nil when it cannot be had).
    static func allocate(_ box: PixelBufferBox, width: Int32, height: Int32, pitch: UnsafeMutablePointer<Int32>?) -> UnsafeMutablePointer<UInt8>? {
        guard let b = PixelBuffer(width: Int(width), height: Int(height)), b.stride <= Int(Int32.max) else { return nil }
        box.buffer = b
        pitch?.pointee = Int32(b.stride)
        return b.pixels.assumingMemoryBound(to: UInt8.self)
    }
}
