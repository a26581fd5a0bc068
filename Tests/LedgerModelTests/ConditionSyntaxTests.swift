import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger

/// The Remote Config condition parser (`ConditionSyntax`) and its translation into flagd's
/// JSON Logic (`FlagdTargeting`), on expressions written as the Firebase console writes them.
@Suite struct ConditionSyntaxTests {
    @Test func precedenceNegationAndParentheses() throws {
        let ios = ConditionSyntax.attribute(.os, ["ios"])
        let zh = ConditionSyntax.attribute(.language, ["zh"])
        let nordic = ConditionSyntax.attribute(.country, ["DK", "SE"])
        #expect(try ConditionSyntax.parse("device.os == 'ios' || device.language in ['zh'] && device.country in ['DK', 'SE']") == .or([ios, .and([zh, nordic])]))
        #expect(try ConditionSyntax.parse("(device.os == 'ios' || device.language in ['zh']) && device.country in [\"DK\",\"SE\"]") == .and([.or([ios, zh]), nordic]))
        #expect(try ConditionSyntax.parse("!device.os == 'ios' && !(device.language in ['zh'])") == .and([.not(ios), .not(zh)]))
        #expect(
            try ConditionSyntax.parse("app.version.>=(['2.4', '3']) && app.version.notContains(['beta'])")
                == .and([.appVersion(.greaterOrEqual, ["2.4", "3"]), .appVersion(.notContains, ["beta"])]))
        #expect(try ConditionSyntax.parse("  true ") == .constant(true))
    }

    @Test func parseErrorsSayWhereAndWhat() {
        func message(_ source: String) -> String {
            do { _ = try ConditionSyntax.parse(source); return "parsed" } catch { return error.description }
        }
        #expect(message("device.country in ['DK'") == "at character 24: expected ',' or ']', found the end")
        #expect(message("percent <= 10").hasPrefix("at character 1: expected device.language, device.country, device.os, app.version, true or false"))
        #expect(message("device.os == 'ios' &&") == "at character 22: expected a condition element such as device.country, app.version or '(', found the end")
        #expect(message("app.version.~(['2'])").hasPrefix("at character 1: expected app.version.OPERATOR(['…']) with one of == != > >= < <= contains notContains exactlyMatches"))
        #expect(message("(device.os == 'ios'") == "at character 20: expected ')', found the end")
        #expect(message("device.os == 'ios' device.os == 'android'") == "at character 20: expected '&&', '||' or the end of the expression, found 'device.os =='")
        #expect(message("device.language in ['zh]") == "at character 21: the value starting here has no closing '")
    }

    @Test func nestingIsBoundedNotRecursedWithoutLimit() throws {
        let deep = String(repeating: "(", count: 100_000) + "true" + String(repeating: ")", count: 100_000)
        #expect(throws: ConditionSyntaxError(offset: ConditionSyntax.maximumDepth, message: "nested deeper than 32 levels of '(' and '!'")) { try ConditionSyntax.parse(deep) }
        #expect(throws: ConditionSyntaxError.self) { try ConditionSyntax.parse(String(repeating: "!", count: 100_000) + "true") }
        let allowed = String(repeating: "!(", count: 16) + "true" + String(repeating: ")", count: 16)
        #expect(throws: Never.self) { try ConditionSyntax.parse(allowed) }
        // Long flat chains are loops, not recursion.
        let long = Array(repeating: "device.os == 'ios'", count: 20_000).joined(separator: " && ")
        guard case .and(let terms) = try ConditionSyntax.parse(long) else { Issue.record("not a conjunction"); return }
        #expect(terms.count == 20_000)
    }

    @Test func appVersionsBecomeSemanticVersions() throws {
        #expect(try FlagdTargeting.semanticVersion("2.4") == "2.4.0")
        #expect(try FlagdTargeting.semanticVersion("2") == "2.0.0")
        #expect(try FlagdTargeting.semanticVersion("2.04.10") == "2.4.10")
        for bad in ["1.2.3.4", "2.x", "", "2..1", "1.0-beta"] {
            #expect(throws: ConditionSyntaxError.self, "\(bad)") { try FlagdTargeting.semanticVersion(bad) }
        }
        let rule = try FlagdTargeting.rule(ConditionSyntax.parse("app.version.==(['2.4', '3.0.1']) || app.version.!=(['1'])"))
        #expect(
            JSONWriter.string(rule)
                == #"{"or":[{"or":[{"sem_ver":[{"var":"appVersion"},"=","2.4.0"]},{"sem_ver":[{"var":"appVersion"},"=","3.0.1"]}]},{"sem_ver":[{"var":"appVersion"},"!=","1.0.0"]}]}"#
        )
        let text = try FlagdTargeting.rule(ConditionSyntax.parse("app.version.contains(['beta']) && app.version.exactlyMatches(['2.4-rc1', '2.4-rc2'])"))
        #expect(JSONWriter.string(text) == #"{"and":[{"in":["beta",{"var":"appVersion"}]},{"in":[{"var":"appVersion"},["2.4-rc1","2.4-rc2"]]}]}"#)
    }

    @Test func firstMatchingConditionWinsAndAnUntranslatableOneKeepsTheDefault() {
        let conditions = [
            ConditionalValue(name: "ios", expression: "device.os == 'ios'", value: .string("Hi iOS")),
            ConditionalValue(name: "default", expression: "device.language in ['zh', 'ja']", value: .string("你好")),
            ConditionalValue(name: "same", expression: "device.country in ['DK']", value: .string("Hello")),
            ConditionalValue(name: "in-app", expression: "true", value: nil),
        ]
        let base = JSONObject([.init("default", .string("Hello"))])
        let translated = FlagdTargeting.translate(conditions, inAppDefault: .string("Hey"), valueType: .string, variants: base, variantKey: { _ in nil })
        #expect(translated.untranslated.isEmpty)
        #expect(JSONWriter.string(.object(translated.variants)) == #"{"default":"Hello","ios":"Hi iOS","default #2":"你好","in-app":"Hey"}"#)
        #expect(
            JSONWriter.string(translated.targeting!)
                == #"{"if":[{"==":[{"var":"os"},"ios"]},"ios",{"in":[{"var":"language"},["zh","ja"]]},"default #2",{"==":[{"var":"country"},"DK"]},"default",true,"in-app"]}"#)

        let blocked = FlagdTargeting.translate(
            conditions + [ConditionalValue(name: "gold", expression: "app.userProperty['tier'].in(['gold'])", value: .string("VIP"))],
            inAppDefault: .string("Hey"), valueType: .string, variants: base, variantKey: { _ in nil })
        #expect(blocked.targeting == nil && blocked.variants == base)
        #expect(blocked.untranslated.map(\.condition) == ["gold"])
        #expect(blocked.untranslated.first?.reason.hasPrefix("at character 1: expected device.language") == true)
    }
}
