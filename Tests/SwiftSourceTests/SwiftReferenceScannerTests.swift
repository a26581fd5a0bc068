import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger

/// Each test scans the fixture folder named after it (`Fixtures/<testName>/`).
@Suite struct SwiftReferenceScannerTests {
    static let fixtures = String(#filePath.dropLast("SwiftReferenceScannerTests.swift".count)) + "Fixtures"

    /// `file:line:column kind toggle symbol` for every reference of the given kinds.
    func scan(_ name: String, kinds: Set<CodeReference.Kind> = Set(CodeReference.Kind.allCases), known: Set<String> = []) throws -> [String] {
        let result = try SwiftSourceScan(knownToggles: known).run(paths: [name], currentDirectory: Self.fixtures)
        return result.references.filter { kinds.contains($0.kind) }.map { reference in
            "\(reference.file):\(reference.line):\(reference.column) \(reference.kind.rawValue) \(reference.toggle) \(reference.symbol)"
        }
    }

    @Test func declarationsInToggleEnums() throws {
        let result = try SwiftSourceScan().run(paths: ["declarationsInToggleEnums"], currentDirectory: Self.fixtures)
        let found = result.declarations.map { "\($0.enumName).\($0.caseName) \($0.key) line \($0.line)" }
        #expect(
            found == [
                "RemoteToggle.isRoundedAvatar isRoundedAvatar line 5",
                "RemoteToggle.isStoriesEnabled isStoriesEnabled line 6",
                "RemoteToggle.shouldWeIncludePluto shouldWeIncludePluto line 6",
                "RemoteToggle.isPaymentsKillSwitchOn isPaymentsKillSwitchOn line 8",
                "RemoteToggle.isNewOnboardingEnabled isNewOnboardingEnabled line 9",
                "RemoteToggle.isDarkModeForced is_dark_mode_forced line 10",
                "InternalToggle.isLikeButtonForMomentEnabled isLikeButtonForMomentEnabled line 21",
                "InternalToggle.isSwiftUIEnabled isSwiftUIEnabled line 22",
                "BuildTargetToggle.debug debug line 28",
                "BuildTargetToggle.internal internal line 28",
                "BuildTargetToggle.production production line 28",
                "CheckoutToggle.isApplePayEnabled isApplePayEnabled line 33",
            ])
        // The nested Section enum and Route are not toggle enums; the switch's cases are not declarations.
        #expect(result.references.allSatisfy { $0.kind == .declaration || $0.ownBody })
        #expect(result.fileCount == 1)
    }

    @Test func memberReferences() throws {
        // BuildTargetToggle is only extended here, so its members count when the log knows them;
        // RemoteToggle.allCases and BuildTargetToggle.current are not toggles.
        #expect(
            try scan("memberReferences", kinds: [.member], known: ["debug"]) == [
                "memberReferences/Feed.swift:7:54 member isRoundedAvatar RemoteToggle.isRoundedAvatar",
                "memberReferences/Feed.swift:10:29 member isLikeButtonForMomentEnabled InternalToggle.isLikeButtonForMomentEnabled",
                // Split over two lines: the line of the enum name.
                "memberReferences/Feed.swift:11:13 member isStoriesEnabled RemoteToggle.isStoriesEnabled",
                "memberReferences/Feed.swift:15:19 member isRoundedAvatar RemoteToggle.isRoundedAvatar",
                "memberReferences/Feed.swift:16:19 member is_dark_mode_forced RemoteToggle.isDarkModeForced",
                "memberReferences/Feed.swift:16:50 member isApplePayEnabled CheckoutToggle.isApplePayEnabled",
                "memberReferences/Toggles.swift:8:26 member debug BuildTargetToggle.debug",
            ])
    }

    @Test func memberReferenceSplitOverLines() throws {
        // `RemoteToggle\n.isStoriesEnabled` is a member access over two lines.
        let result = SwiftReferenceScanner().scan(sources: [
            ("A.swift", "enum RemoteToggle: ToggleType { case isStoriesEnabled }\nlet a = RemoteToggle\n    .isStoriesEnabled\n")
        ])
        #expect(result.references.map(\.kind) == [.declaration, .member])
        #expect(result.references.last?.line == 2)
    }

    @Test func implicitMemberReferences() throws {
        #expect(
            try scan("implicitMemberReferences", kinds: [.implicitMember]) == [
                "implicitMemberReferences/Profile.swift:5:36 implicit-member isRoundedAvatar .isRoundedAvatar",
                "implicitMemberReferences/Profile.swift:6:30 implicit-member isSwiftUIEnabled .isSwiftUIEnabled",
                "implicitMemberReferences/Profile.swift:7:24 implicit-member isStoriesEnabled .isStoriesEnabled",
                "implicitMemberReferences/Profile.swift:8:40 implicit-member isRoundedAvatar .isRoundedAvatar",
                "implicitMemberReferences/Profile.swift:8:58 implicit-member isStoriesEnabled .isStoriesEnabled",
                "implicitMemberReferences/Profile.swift:9:61 implicit-member isRoundedAvatar .isRoundedAvatar",
                "implicitMemberReferences/Profile.swift:18:16 implicit-member isRoundedAvatar .isRoundedAvatar",
                "implicitMemberReferences/Profile.swift:18:35 implicit-member isStoriesEnabled .isStoriesEnabled",
                // The enum's own `switch self` labels (issue 27: in its declaring type).
                "implicitMemberReferences/Toggles.swift:5:38 implicit-member isStoriesEnabled .isStoriesEnabled",
                "implicitMemberReferences/Toggles.swift:11:14 implicit-member isRoundedAvatar .isRoundedAvatar",
                "implicitMemberReferences/Toggles.swift:12:14 implicit-member isStoriesEnabled .isStoriesEnabled",
            ])
    }

    @Test func caseNamedLikeAToggleInAnUnrelatedEnum() throws {
        #expect(
            try scan("caseNamedLikeAToggleInAnUnrelatedEnum") == [
                // `.isRoundedAvatar` for an AvatarStyle and `AvatarStyle.isRoundedAvatar` are not toggles;
                // the argument of isToggleOn is.
                "caseNamedLikeAToggleInAnUnrelatedEnum/Avatar.swift:12:33 implicit-member isRoundedAvatar .isRoundedAvatar",
                "caseNamedLikeAToggleInAnUnrelatedEnum/Toggles.swift:2:10 declaration isRoundedAvatar case isRoundedAvatar",
            ])
    }

    @Test func stringKeys() throws {
        let known: Set<String> = ["isRoundedAvatar", "planetImageScaleFactor", "appPrimaryColor", "shouldWeIncludePluto"]
        #expect(
            try scan("stringKeys", known: known) == [
                "stringKeys/Planets.swift:5:32 string-key appPrimaryColor key: \"appPrimaryColor\"",
                "stringKeys/Planets.swift:8:36 string-key isRoundedAvatar [\"isRoundedAvatar\"]",
                "stringKeys/Planets.swift:9:54 string-key planetImageScaleFactor forKey: \"planetImageScaleFactor\"",
                "stringKeys/Planets.swift:10:49 string-key appPrimaryColor [\"appPrimaryColor\"]",
                "stringKeys/Planets.swift:11:54 string-key shouldWeIncludePluto forKey: \"shouldWeIncludePluto\"",
            ])
        // Without the log, nothing names these parameters: no string key is claimed.
        #expect(try scan("stringKeys").isEmpty)
    }

    @Test func commentsAndStringsAreNotCode() throws {
        #expect(
            try scan("commentsAndStringsAreNotCode", kinds: [.member, .implicitMember, .stringKey], known: ["isRoundedAvatar"]) == [
                "commentsAndStringsAreNotCode/Notes.swift:14:31 member isStoriesEnabled RemoteToggle.isStoriesEnabled",
                "commentsAndStringsAreNotCode/Notes.swift:14:78 member isRoundedAvatar RemoteToggle.isRoundedAvatar",
                "commentsAndStringsAreNotCode/Notes.swift:17:28 implicit-member isStoriesEnabled .isStoriesEnabled",
                "commentsAndStringsAreNotCode/Notes.swift:19:36 member isStoriesEnabled RemoteToggle.isStoriesEnabled",
            ])
    }

    @Test func unterminatedCommentsAndStringsDoNotHangOrCrash() {
        for source in ["/* never closed", "let a = \"never closed\nlet b = RemoteToggle.isX", "let a = \"\"\"\nnever", "#\"open", "\"\\(", "`open"] {
            _ = SwiftLexer.tokenize(source)
        }
        // An unterminated single-line string ends at its line; the next line is code again.
        let tokens = SwiftLexer.tokenize("let a = \"never closed\nlet b = RemoteToggle.isX")
        #expect(tokens.contains { $0.text == "RemoteToggle" && $0.line == 2 })
    }

    @Test func lexerKeepsLinesAcrossMultiLineTokens() {
        let tokens = SwiftLexer.tokenize("/*\n\n*/ a \"\"\"\nx\ny\n\"\"\" b #\"\"\"\n\"\"\"# c")
        #expect(tokens.filter { $0.kind == .identifier }.map { "\($0.text)@\($0.line)" } == ["a@3", "b@6", "c@7"])
        #expect(tokens.filter { $0.kind == .string }.map(\.line) == [3, 6])
    }
}

@Suite struct DeclaredDefaultTests {
    @Test func declaredDefaultsAreReadFromTheSwitch() {
        let result = SwiftReferenceScanner().scan(sources: [
            (
                "T.swift",
                """
                enum InternalToggle: String, ToggleType {
                    case a, b
                    case c = "see"
                    case d
                    var defaultValue: Bool {
                        switch self {
                        case .a, .c: return true
                        default: false
                        }
                    }
                }
                enum RemoteToggle: String, ToggleType {
                    case plain
                }
                enum RemoteConfigKeys: String, RemoteConfigKey {
                    case color
                    var defaultValue: RemoteConfigValue {
                        switch rawValue {
                        case "color": return "#FFF"
                        default: return ""
                        }
                    }
                }
                enum OtherToggle: ToggleType {
                    case x
                    var defaultValue: Bool { self == .x }
                }
                """
            )
        ])
        let defaults = Dictionary(uniqueKeysWithValues: result.declarations.map { ($0.key, $0.declaredDefault) })
        #expect(
            defaults == [
                "a": .bool(true), "b": .bool(false), "see": .bool(true), "d": .bool(false),
                "plain": .notDeclared, "color": .text("#FFF"), "x": .unreadable,
            ])
    }
}
