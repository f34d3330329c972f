extension String {
    /// The text of a C buffer a library filled: up to its first NUL, as UTF-8 (invalid bytes become
    /// U+FFFD). Replaces `String(cString: [CChar])`, deprecated because it trusts a NUL to be there.
    init(filledBuffer buffer: [CChar]) {
        let end = buffer.firstIndex(of: 0) ?? buffer.endIndex
        self = String(decoding: buffer[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
