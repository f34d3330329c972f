// libFuzzer entry for the photo sniffing path (issue 21). `make fuzz` compiles this file with the
// photo library sources of the header walk and the scanner's probe, and Tests/StageTests/SniffFuzzing/*.swift,
// as one module (no SwiftPM product), linked with the C shim's decoders:
//
//     swiftc -sanitize=fuzzer,address -parse-as-library -module-name PhotoLibrary -package-name coffeegrid -D PHOTOSNIFF_FUZZ_STANDALONE …
//
// Any bytes are a candidate photo. SniffInvariants must hold; a violation traps, which libFuzzer
// reports with the input that caused it.
import CImageCodecs
import Foundation

/// With PHOTOSNIFF_SEEDS=DIR, writes the hand-written seeds there first (`make fuzz`'s corpus).
@_cdecl("LLVMFuzzerInitialize")
public func photoSniffFuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    if let dir = ProcessInfo.processInfo.environment["PHOTOSNIFF_SEEDS"] {
        for (i, seed) in SniffInvariants.seeds.enumerated() {
            try? Data(seed).write(to: URL(fileURLWithPath: dir).appendingPathComponent("seed-\(i)"))
        }
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func photoSniffFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let problems = SniffInvariants.check(Array(UnsafeBufferPointer(start: data, count: size)))
    if let first = problems.first { fatalError("photo sniff invariant: \(first)") }
    return 0
}
