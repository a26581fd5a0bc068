/// One condition of a Remote Config template, as a `template-conditions` event records it
/// (in a list whose order is the template's priority order).
public struct TemplateCondition: Sendable, Hashable {
    public var name: String
    /// Remote Config's condition language, kept as written: `device.os == 'ios'`.
    public var expression: String
    /// One of the `tagColor` enum names (`PINK`, `BLUE`, …); display only.
    public var tagColor: String?

    public init(name: String, expression: String, tagColor: String? = nil) {
        self.name = name
        self.expression = expression
        self.tagColor = tagColor
    }
}
