import AssetKit
import Foundation

// asset-maker: draws Resources/Photos (and the contact sheet) deterministically. See docs/assets.md.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    try AssetMakerCommand.run(arguments)
} catch let e as AssetMakerCommand.UsageError {
    FileHandle.standardError.write(Data("asset-maker: \(e.message)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("asset-maker: \(error)\n".utf8))
    exit(1)
}
