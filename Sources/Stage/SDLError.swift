import CSDL2

/// An SDL call failed; carries SDL's own message.
public struct SDLError: Error, CustomStringConvertible {
    public var call: String
    public var message: String

    public init(_ call: String) {
        self.call = call
        self.message = String(cString: SDL_GetError())
    }

    public var description: String { "\(call) failed: \(message)" }
}
