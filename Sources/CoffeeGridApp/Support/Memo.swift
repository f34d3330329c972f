/// The last value a function gave and what it was given: asked again for the same input, it answers
/// without calling. For text a frame reads every time that changes only when a person does something
/// (a scene's title and code), where building the string each frame showed in a scroll's profile.
final class Memo<Input: Equatable, Output> {
    private var last: (input: Input, output: Output)?

    /// `make(input)`, or the value kept from the last call when `input` is the same.
    func value(for input: Input, _ make: (Input) -> Output) -> Output {
        if let last, last.input == input { return last.output }
        let output = make(input)
        last = (input, output)
        return output
    }
}
