import LedgerPlatform
import LedgerModel
/// The vocabulary of an event line as ``FastEventDecoder`` reads it: the keys it knows,
/// the event types, and matchers that compare bytes of the line with a literal, so no
/// `String` is made to recognise a word.
extension FastEventDecoder {
    package enum Key: Int, CaseIterable {
        case schema, id, at, type, toggle, actor
        case kind, valueType, defaultValue, category, owner, description, expires
        case value, conditions, templateVersion, reason, source

        package static let count = allCases.count
        package var bit: UInt32 { 1 << rawValue }
        package static let envelope: UInt32 = (1 << 6) - 1

        package static func match(_ bytes: UnsafeBufferPointer<UInt8>) -> Key? {
            switch bytes.count {
            case 2:
                if equals(bytes, "id") { return .id }
                if equals(bytes, "at") { return .at }
                return nil
            case 4:
                if equals(bytes, "type") { return .type }
                if equals(bytes, "kind") { return .kind }
                return nil
            case 5:
                if equals(bytes, "actor") { return .actor }
                if equals(bytes, "owner") { return .owner }
                if equals(bytes, "value") { return .value }
                return nil
            case 6:
                if equals(bytes, "schema") { return .schema }
                if equals(bytes, "toggle") { return .toggle }
                if equals(bytes, "reason") { return .reason }
                if equals(bytes, "source") { return .source }
                return nil
            case 7:
                if equals(bytes, "default") { return .defaultValue }
                if equals(bytes, "expires") { return .expires }
                return nil
            case 8: return equals(bytes, "category") ? .category : nil
            case 9: return equals(bytes, "valueType") ? .valueType : nil
            case 10: return equals(bytes, "conditions") ? .conditions : nil
            case 11: return equals(bytes, "description") ? .description : nil
            case 15: return equals(bytes, "templateVersion") ? .templateVersion : nil
            default: return nil
            }
        }
    }

    package enum EventType {
        case created, defaultChanged, published, unpublished, expiryExtended, removed

        package static func match(_ bytes: UnsafeBufferPointer<UInt8>) -> EventType? {
            if equals(bytes, "published") { return .published }
            if equals(bytes, "default-changed") { return .defaultChanged }
            if equals(bytes, "created") { return .created }
            if equals(bytes, "removed") { return .removed }
            if equals(bytes, "unpublished") { return .unpublished }
            if equals(bytes, "expiry-extended") { return .expiryExtended }
            return nil
        }

        var allowedKeys: UInt32 {
            let source = Key.source.bit
            switch self {
            case .created:
                return Key.envelope | source | Key.kind.bit | Key.valueType.bit | Key.defaultValue.bit | Key.category.bit
                    | Key.owner.bit | Key.description.bit | Key.expires.bit
            case .defaultChanged: return Key.envelope | source | Key.defaultValue.bit
            case .published: return Key.envelope | source | Key.value.bit | Key.conditions.bit | Key.templateVersion.bit
            case .unpublished: return Key.envelope | source | Key.templateVersion.bit
            case .expiryExtended: return Key.envelope | source | Key.expires.bit | Key.reason.bit
            case .removed: return Key.envelope | source | Key.reason.bit
            }
        }

        var requiredKeys: UInt32 {
            switch self {
            case .created: return Key.envelope | Key.kind.bit | Key.valueType.bit | Key.defaultValue.bit | Key.category.bit
            case .defaultChanged: return Key.envelope | Key.defaultValue.bit
            case .expiryExtended: return Key.envelope | Key.expires.bit | Key.reason.bit
            case .published, .unpublished, .removed: return Key.envelope
            }
        }
    }
}

/// Whether `bytes` spell `literal` exactly.
package func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard bytes.count == count else { return false }
    return RawMemory.equal(bytes.baseAddress!, literal.utf8Start, count: count)
}

extension ToggleKind {
    package init?(bytes: UnsafeBufferPointer<UInt8>) {
        if equals(bytes, "remote") { self = .remote } else if equals(bytes, "local") { self = .local } else if equals(bytes, "build") { self = .build } else { return nil }
    }
}

extension ValueType {
    package init?(bytes: UnsafeBufferPointer<UInt8>) {
        if equals(bytes, "bool") {
            self = .bool
        } else if equals(bytes, "string") {
            self = .string
        } else if equals(bytes, "number") {
            self = .number
        } else if equals(bytes, "json") {
            self = .json
        } else {
            return nil
        }
    }
}
