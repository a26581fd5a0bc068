/// The declaration of a toggle that is a property or a key constant (`static let inbox = true`,
/// `@Feature("inbox") var inbox: Bool`, `var inbox: Bool { remote.isFeatureOn("inbox") }`,
/// `static let inboxKey = "inbox"`): the tokens it spans, with its attributes and modifiers, so
/// it can go once its reads are rewritten; refused when removing it would change what runs or
/// leave a name behind.
struct PropertyRemoval {
    let source: CleanupSource
    let settings: SwiftScanSettings
    private var tokens: [SwiftToken] { source.tokens }
    typealias Refusal = BooleanFolding.Refusal

    private static let modifiers: Set<String> = [
        "static", "class", "public", "private", "fileprivate", "internal", "open", "final",
        "lazy", "nonisolated", "override", "package", "dynamic", "weak", "unowned",
    ]
    /// Calls a getter may make and still only read: the conventional queries and Bool key reads.
    private static let readingCalls: Set<String> = ["bool", "configValue", "boolValue", "object", "value"]

    /// Tokens first...last of the declaration whose name is at `name`.
    func extent(name: Int) throws(Refusal) -> ClosedRange<Int> {
        guard name >= 1, source.isIdentifier(name - 1, "let") || source.isIdentifier(name - 1, "var") else {
            throw Refusal(reason: "a property declaration the cleanup cannot place")
        }
        let first = attributesStart(binding: name - 1)
        let last = try end(name: name)
        guard source.isPlaceable(first, last), source.end(last) != nil else {
            throw Refusal(reason: "a property declaration holding a string the cleanup cannot place")
        }
        try checkEffects(name: name, last: last, attributed: first < name - 1 && (first...(name - 1)).contains { source.isPunctuation($0, "@") })
        try checkUnqualifiedUses(name: name, first: first, last: last)
        return first...last
    }

    /// Back over modifiers (`private(set)`) and attributes (`@Feature("x")`, `@objc`) before `binding`.
    private func attributesStart(binding: Int) -> Int {
        var first = binding
        while first >= 1 {
            let previous = tokens[first - 1]
            if previous.kind == .identifier, Self.modifiers.contains(previous.text) { first -= 1; continue }
            if previous.kind == .identifier, source.isPunctuation(first - 2, "@") { first -= 2; continue }
            if previous.isPunctuation(")"), source.partner[first - 1] >= 2 {
                let open = source.partner[first - 1]
                if tokens[open - 1].kind == .identifier, Self.modifiers.contains(tokens[open - 1].text) { first = open - 1; continue }
                if tokens[open - 1].kind == .identifier, source.isPunctuation(open - 2, "@") { first = open - 2; continue }
            }
            break
        }
        return first
    }

    /// The declaration's last token: past its type, initial value and accessor block, to the
    /// end of the statement (a line break that nothing continues, `;`, or the body's `}`).
    private func end(name: Int) throws(Refusal) -> Int {
        var last = name
        var index = name + 1
        while index < tokens.count {
            let token = tokens[index]
            if token.isPunctuation(";") || token.isPunctuation("}") { break }
            if token.line > tokens[last].line {
                let continues =
                    tokens[last].kind == .operator || tokens[last].isPunctuation(":")
                    || (token.kind == .operator && token.text != "!") || token.isPunctuation(".")
                if !continues { break }
            }
            if token.isPunctuation(",") { throw Refusal(reason: "several properties declared in one statement") }
            if token.kind == .punctuation, token.text == "(" || token.text == "[" || token.text == "{", source.partner[index] > index {
                last = source.partner[index]
                index = last + 1
                continue
            }
            last = index
            index += 1
        }
        return last
    }

    /// A getter, observer or initial value that calls something other than a read would no
    /// longer run; a stored property with no initial value is set by an initializer.
    private func checkEffects(name: Int, last: Int, attributed: Bool) throws(Refusal) {
        let propertyName = tokens[name].text
        let equals = topLevel(from: name + 1, to: last) { source.isOperator($0, "=") }
        let block = topLevel(from: name + 1, to: last) { source.isPunctuation($0, "{") }
        if equals == nil, block == nil, !attributed {
            throw Refusal(reason: "\(propertyName) is a stored property without an initial value: an initializer sets it, which the cleanup does not rewrite")
        }
        guard name + 1 <= last else { return }
        for index in (name + 1)...last where source.isPunctuation(index, "(") && BooleanFolding.callsBefore(tokens[index - 1]) {
            let callee = tokens[index - 1]
            if callee.kind == .identifier,
                settings.isQueryMethod(callee.text) || Self.readingCalls.contains(callee.text)
                    || SwiftReferenceScanner.startsUppercase(callee.text)
            {
                continue
            }
            throw Refusal(reason: "\(propertyName)'s declaration calls \(callee.text)(…), which would no longer run")
        }
        for index in (name + 1)...last where tokens[index].kind == .identifier && ["try", "await"].contains(tokens[index].text) {
            throw Refusal(reason: "\(propertyName)'s declaration has a \(tokens[index].text), which would no longer run")
        }
    }

    private func topLevel(from first: Int, to last: Int, where matches: (Int) -> Bool) -> Int? {
        var index = first
        while index <= last {
            if matches(index) { return index }
            if tokens[index].kind == .punctuation, tokens[index].text == "(" || tokens[index].text == "[" || tokens[index].text == "{",
                source.partner[index] > index
            {
                index = source.partner[index] + 1; continue
            }
            index += 1
        }
        return nil
    }

    /// The scan finds `x.inbox`, not a bare `inbox` inside the declaring type: such a use would
    /// be left naming a property that no longer exists.
    private func checkUnqualifiedUses(name: Int, first: Int, last: Int) throws(Refusal) {
        let propertyName = tokens[name].text
        guard let open = source.enclosingBrace(of: first) else { return }
        let spellings: Set<String> = [propertyName, "$" + propertyName, "_" + propertyName]
        for index in (open + 1)..<source.partner[open]
        where !(first...last).contains(index) && tokens[index].kind == .identifier
            && spellings.contains(tokens[index].text) && !source.isPunctuation(index - 1, ".")
        {
            throw Refusal(reason: "\(propertyName) is used without a qualifier inside its type (line \(tokens[index].line)), which the cleanup does not rewrite")
        }
    }
}
