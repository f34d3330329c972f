// libFuzzer entry for the grid spec parser. `make fuzz` compiles this file with the GridCore sources
// and Tests/GridCoreTests/SpecFuzzing/*.swift as one module (no SwiftPM product):
//
//     swiftc -sanitize=fuzzer,address -parse-as-library -module-name GridCore -D GRIDSPEC_FUZZ_STANDALONE …
//
// Any bytes are a candidate spec. Parsing must end in items or a GridSpecError, and accepted items must
// satisfy SpecInvariants; a violation traps, which libFuzzer reports with the input that caused it.

@_cdecl("LLVMFuzzerTestOneInput")
public func gridSpecFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // The last two bytes choose one more proposed extent, so the tracks are checked at odd widths too.
    let extra = size >= 2 ? Double(Int(data[size - 2]) << 8 | Int(data[size - 1])) / 7 : nil
    let problems = SpecInvariants.check(source, extraExtent: extra)
    if let first = problems.first { fatalError("grid spec invariant: \(first)") }
    return 0
}
