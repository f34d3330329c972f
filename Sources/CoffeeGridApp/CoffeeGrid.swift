import Foundation
import CSDL2
import Stage

/// The command-line entry: subcommands (`layout`, `bench`) or the app window.
public enum CoffeeGrid {
    public static let version = "0.1.0"

    public static let usage = """
    usage: coffeegrid [--help] [--version]
           coffeegrid layout [--axis vertical|horizontal] --extent W [--alignment A] SPEC
           coffeegrid bench [--json FILE] [SUITE…]
    """

    /// Runs the program with `args` (without the executable name) and returns the exit code.
    public static func main(_ args: [String]) -> Int32 {
        do {
            switch args.first {
            case "layout":
                print(try LayoutCommand.run(Array(args.dropFirst()), readStdin: { readLine(strippingNewline: false) }))
                return 0
            case "bench":
                return try BenchCommand.run(Array(args.dropFirst()))
            case "--help", "-h":
                print(usage)
                return 0
            case "--version":
                print("coffeegrid \(version)")
                return 0
            case .some(let flag):
                throw UsageError("unknown argument '\(flag)'; try coffeegrid --help")
            case nil:
                return try runWindow()
            }
        } catch let e as UsageError {
            FileHandle.standardError.write("coffeegrid: \(e.message)\n".data(using: .utf8)!)
            return 2
        } catch {
            FileHandle.standardError.write("coffeegrid: \(error)\n".data(using: .utf8)!)
            return 1
        }
    }

    static func runWindow() throws -> Int32 {
        let window = try Window(title: "CoffeeGrid", width: 390, height: 844)
        var event = SDL_Event()
        var running = true
        while running {
            while SDL_PollEvent(&event) != 0 {
                if event.type == SDL_QUIT.rawValue { running = false }
            }
            SDL_SetRenderDrawColor(window.renderer, 242, 242, 247, 255)
            SDL_RenderClear(window.renderer)
            SDL_RenderPresent(window.renderer)
            SDL_Delay(16)
        }
        return 0
    }
}
