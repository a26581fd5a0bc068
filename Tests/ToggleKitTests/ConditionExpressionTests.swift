import Testing
@testable import ToggleKit

@Suite struct ConditionExpressionTests {
    static let dane = RemoteConfigContext(country: "DK", language: "da", appVersion: "2.4.1", appBuild: "512", os: "ios")
    static let chinese = RemoteConfigContext(country: "CN", language: "zh_Hans_CN", appVersion: "2.3", os: "android")

    @Test(arguments: [
        ("device.country in ['DK', 'SE', 'NO', 'IS', 'FI']", true, false),
        ("device.country in [\"dk\"]", true, false),
        ("device.language in ['zh']", false, true),
        ("device.language in ['zh_TW']", false, false),
        ("device.language in ['de', 'de_AT', 'da']", true, false),
        ("device.os == 'ios'", true, false),
        ("device.os in ['android', 'web']", false, true),
        ("app.version.>=(['2.4'])", true, false),
        ("app.version.<(['2.4.0'])", false, true),
        ("app.version.==(['2.4.1', '3.0'])", true, false),
        ("app.version.!=(['2.4.1'])", false, true),
        ("app.version.contains(['2.4.'])", true, false),
        ("app.version.exactlyMatches(['2.3'])", false, true),
        ("app.build.>(['500'])", true, false),
        ("device.country in ['DK'] && device.os == 'ios'", true, false),
        ("device.country in ['DK'] && app.version.>=(['3'])", false, false),
        ("true", true, true),
        ("false", false, false),
    ])
    func evaluatesSupportedForms(expression: String, matchesDane: Bool, matchesChinese: Bool) throws {
        let parsed = try ConditionExpression(expression)
        #expect(parsed.matches(Self.dane) == matchesDane)
        #expect(parsed.matches(Self.chinese) == matchesChinese)
    }

    @Test func aMissingFactMatchesNothing() throws {
        #expect(!(try ConditionExpression("device.country in ['DK']")).matches(RemoteConfigContext()))
        #expect(!(try ConditionExpression("app.version.<(['9'])")).matches(RemoteConfigContext(country: "DK")))
    }

    @Test(arguments: [
        "percent <= 50",
        "percent('seed') between 0 and 20",
        "app.userProperty['plan'].contains(['pro'])",
        "app.audiences.inAtLeastOne(['paid'])",
        "device.country in ['DK'] || device.country in ['SE']",
        "device.country in ['DK'] && percent > 10",
        "app.version.matches(['^2\\\\.'])",
        "device.country == ",
        "device.country in []",
        "dateTime < dateTime('2020-07-24T00:00:00', 'America/Los_Angeles')",
    ])
    func reportsUnsupportedFormsInsteadOfGuessing(expression: String) {
        #expect(throws: ConditionError.self) { try ConditionExpression(expression) }
        do {
            _ = try ConditionExpression(expression)
        } catch {
            #expect(error.description.contains(expression))
        }
    }
}
