import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger

/// The library side of interop: the plist writer against Foundation's own, the strict plist
/// reader, the template decoder and the condition order of an exported template.
@Suite struct InteropTests {
    /// Values of every type the defaults plist holds, as the log keeps them.
    static let values: [(key: String, value: JSONValue, type: ValueType)] = [
        ("isRoundedAvatar", .bool(true), .bool),
        ("isOff", .bool(false), .bool),
        ("Zeta_mode", .number("-2"), .number),
        ("_private", .number("0"), .number),
        ("planetImageScaleFactor", .number("0.33"), .number),
        ("tiny", .number("1e-7"), .number),
        ("huge", .number("1e20"), .number),
        ("wholeReal", .number("1.0"), .number),
        ("bigInteger", .number("123456789012345678"), .number),
        ("appPrimaryColor", .string("#FBB03B"), .string),
        ("escaped", .string("Tom & Jerry <3 \"quotes\" 'apostrophes' ünïcødé 🪐"), .string),
        ("empty", .string(""), .string),
        ("planetConfig", .object(JSONObject([.init("order", .array([.string("mercury")]))])), .json),
    ]

    /// The same values as Foundation property-list objects.
    static func foundationValue(_ value: JSONValue, _ type: ValueType) -> Any {
        switch (type, value) {
        case (.json, _): return JSONWriter.string(value)
        case (_, .bool(let flag)): return flag
        case (_, .string(let text)): return text
        case (_, .number(let lexeme)):
            if !lexeme.contains(where: { ".eE".contains($0) }), let integer = Int(lexeme) { return integer }
            return Double(lexeme)!
        default: fatalError("unexpected \(value)")
        }
    }

    @Test func plistWriterMatchesPropertyListSerialization() throws {
        let entries = Self.values.map { PropertyListEntry(key: $0.key, value: Exports.plistValue($0.value, as: $0.type)) }
        var dictionary: [String: Any] = [:]
        for item in Self.values { dictionary[item.key] = Self.foundationValue(item.value, item.type) }
        let foundation = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0)
        #expect(PropertyListWriter.document(entries) == String(decoding: foundation, as: UTF8.self))
    }

    @Test func emptyPlistMatchesPropertyListSerialization() throws {
        let foundation = try PropertyListSerialization.data(fromPropertyList: [String: Any](), format: .xml, options: 0)
        #expect(PropertyListWriter.document([]) == String(decoding: foundation, as: UTF8.self))
    }

    @Test func plistReaderReadsWhatFoundationWrites() throws {
        var dictionary: [String: Any] = [:]
        for item in Self.values { dictionary[item.key] = Self.foundationValue(item.value, item.type) }
        let foundation = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0)
        let entries = try PropertyListReader.dictionary(Array(foundation), file: "Defaults.plist")
        #expect(entries.count == Self.values.count)
        for item in Self.values {
            let entry = try #require(entries.first { $0.key == item.key })
            let read = try DefaultsImport.typedValue(entry.value, as: item.type) { InteropError(file: nil, $0) }
            #expect(DefaultsImport.sameValue(read, item.value), "\(item.key): \(read) vs \(item.value)")
        }
    }

    @Test(
        arguments: [
            ("<plist version=\"1.0\"><dict><key>a</key></dict></plist>", 1, "key \"a\" has no value"),
            ("<plist version=\"1.0\">\n<dict>\n<key>a</key><string>x</string>\n<key>a</key><string>y</string>\n</dict></plist>", 4, "key \"a\" appears twice"),
            ("<plist version=\"1.0\">\n<dict>\n<key>a</key><strin>x</strin>\n</dict></plist>", 3, "unknown element <strin>"),
            ("<plist version=\"1.0\">\n<array/>\n</plist>", nil, "the top-level value must be a <dict>"),
            ("<plist version=\"1.0\"><dict><key>a</key><string>&nbsp;</string></dict></plist>", 1, "unknown entity &nbsp;"),
            ("<plist version=\"1.0\"><dict/></plist>\n<extra/>", 2, "unexpected content after </plist>"),
            ("bplist00", 1, "a binary property list"),
        ] as [(String, Int?, String)])
    func plistReaderRejectsWithLine(text: String, line: Int?, reason: String) {
        #expect {
            _ = try PropertyListReader.dictionary(Array(text.utf8), file: "x.plist")
        } throws: { error in
            guard let error = error as? InteropError else { return false }
            return error.reason.hasPrefix(reason) && (line == nil || error.line == line)
        }
    }

    @Test func plistReaderResolvesEntitiesCDATAAndComments() throws {
        let text =
            "<?xml version=\"1.0\"?>\n<!-- c -->\n<plist version=\"1.0\">\n<dict>\n<!-- note -->\n<key>a&amp;b</key>\n<string>&lt;&#65;&#x42;<![CDATA[<raw>]]>&quot;</string>\n<key>n</key><integer> 42 </integer>\n</dict>\n</plist>\n"
        let entries = try PropertyListReader.dictionary(Array(text.utf8), file: nil)
        #expect(
            entries == [
                PropertyListEntry(key: "a&b", value: .string("<AB<raw>\""), line: 6),
                PropertyListEntry(key: "n", value: .integer("42"), line: 8),
            ])
    }

    @Test func templateDecoderKeepsManagedValuesAndIgnoresUnknownKeys() throws {
        let text = """
            {"conditions":[{"name":"ios","expression":"device.os == 'ios'","tagColor":"PINK","future":1}],
             "parameters":{"p":{"defaultValue":{"experimentValue":{"experimentId":"e1","variantValue":[{"variantId":"A","value":"x"},{"variantId":"B","noChange":true}]}},
                                "conditionalValues":{"ios":{"personalizationValue":{"personalizationId":"pz"}}},"valueType":"PARAMETER_VALUE_TYPE_UNSPECIFIED","future":true}},
             "parameterGroups":{"g":{"description":"d","parameters":{"q":{"defaultValue":{"useInAppDefault":true}}}}},
             "version":{"versionNumber":"12","updateTime":"2026-05-01T10:00:00.123456Z","isLegacy":false},
             "etag":"etag-1-12","future":[1,2]}
            """
        let template = try FirebaseTemplate.decode(Array(text.utf8), file: "t.json")
        #expect(template.conditions == [FirebaseCondition(name: "ios", expression: "device.os == 'ios'", tagColor: "PINK")])
        #expect(template.parameters.map(\.key) == ["p", "q"])
        #expect(template.parameters[1].group == "g" && template.parameters[1].defaultValue == .useInAppDefault)
        guard case .managed(let managed)? = template.parameters[0].defaultValue else {
            Issue.record("expected a managed default")
            return
        }
        #expect(managed.keys == ["experimentValue"])
        #expect(template.parameters[0].valueType == nil)
        #expect(template.version?.versionNumber == "12")
        #expect(template.version?.updateTime?.description == "2026-05-01T10:00:00.123456Z")
        #expect(template.etag == "etag-1-12")
    }

    @Test func versionListToleratesSnakeCaseAndBareArrays() throws {
        let camel = try FirebaseVersionList.decode(
            Array(
                #"{"versions":[{"versionNumber":"78","updateTime":"2020-05-07T18:46:09.495Z","updateUser":{"email":"user@gmail.com"},"updateType":"ROLLBACK","rollbackSource":"76"}],"nextPageToken":"76"}"#
                    .utf8), file: nil)
        let snake = try FirebaseVersionList.decode(
            Array(
                #"[{"version_number":78,"update_time":"2020-05-07T18:46:09.495Z","update_user":{"email":"user@gmail.com"},"update_type":"ROLLBACK","rollback_source":"76"}]"#.utf8),
            file: nil)
        #expect(camel.versions == snake.versions)
        #expect(camel.versions[0].isRollback && camel.nextPageToken == "76" && snake.nextPageToken == nil)
    }

    /// A file that is not JSON at all is named with what it should have been.
    @Test func invalidJSONSaysWhatTheFileShouldBe() {
        let bytes = Array("{\"version\":".utf8)
        do {
            _ = try FirebaseTemplate.decode(bytes, file: "template.json")
            Issue.record("a template from invalid JSON")
        } catch {
            #expect(error.description.hasPrefix("template.json: not a Remote Config template: invalid JSON: "), "\(error)")
        }
        do {
            _ = try FirebaseVersionList.decode(bytes, file: "versions.json")
            Issue.record("a version list from invalid JSON")
        } catch {
            #expect(error.description.hasPrefix("versions.json: not a listVersions response: invalid JSON: "), "\(error)")
        }
    }

    @Test func exportedConditionsKeepEveryToggleOrder() throws {
        func toggle(_ name: String, _ conditions: [String]) -> ToggleState {
            let remote = RemoteValue(value: .bool(true), conditions: conditions.map { ConditionalValue(name: $0, expression: "e-\($0)", value: .bool(false)) })
            return ToggleState(
                name: name, definition: ToggleDefinition(kind: .remote, valueType: .bool, defaultValue: .bool(false)), remote: remote, remotePublishedAt: nil,
                createdAt: Timestamp(nanoseconds: 0), createdBy: "x", updatedAt: Timestamp(nanoseconds: 0), eventCount: 2)
        }
        let order = try Exports.conditionOrder([toggle("a", ["ios", "zh"]), toggle("b", ["beta", "ios"]), toggle("c", ["zh", "de"])])
        #expect(order.map(\.name) == ["beta", "ios", "zh", "de"])
        #expect(throws: InteropError.self) { try Exports.conditionOrder([toggle("a", ["ios", "zh"]), toggle("b", ["zh", "ios"])]) }
    }
}
