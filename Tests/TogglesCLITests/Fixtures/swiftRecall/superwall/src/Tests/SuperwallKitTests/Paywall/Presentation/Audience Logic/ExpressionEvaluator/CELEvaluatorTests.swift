//
//  CELEvaluatorTests.swift
//  SuperwallKit
//
//  Created by Yusuf Tör on 14/10/2024.
//
// swiftlint:disable all

import Foundation
import Testing
@testable import SuperwallKit

@Suite(.serialized)
struct CELEvaluatorTests {
  @Test func evaluateExpression_expressionMatchesAll() async {
    let dependencyContainer = DependencyContainer()
    dependencyContainer.storage.reset()
    let evaluator = CELEvaluator(
      storage: dependencyContainer.storage,
      factory: dependencyContainer
    )

    let rule: TriggerRule = .stub()
      .setting(\.expression, to: nil)
    let result = await evaluator.evaluateExpression(
      fromAudienceFilter: rule,
      placementData: .stub()
    )

    #expect(result == .match(audience: rule))
  }

  @Test func evaluateExpression_expressionTrue() async {
    let dependencyContainer = DependencyContainer()
    dependencyContainer.storage.reset()
    let evaluator = CELEvaluator(
      storage: dependencyContainer.storage,
      factory: dependencyContainer
    )
    dependencyContainer.identityManager.mergeUserAttributes(["a": "b"])
    let rule: TriggerRule = .stub()
      .setting(\.expression, to: "user.a == \"b\"")
    let result = await evaluator.evaluateExpression(
      fromAudienceFilter: rule,
      placementData: PlacementData(name: "ss", parameters: [:], createdAt: Date())
    )

    #expect(result == .match(audience: rule))
  }

  @Test func evaluateExpression_expression_withOccurrence() async {
    let dependencyContainer = DependencyContainer()
    dependencyContainer.storage.reset()
    let evaluator = CELEvaluator(
      storage: dependencyContainer.storage,
      factory: dependencyContainer
    )
    dependencyContainer.identityManager.mergeUserAttributes(["a": "b"])
    let occurrence = TriggerAudienceOccurrence(key: "a", maxCount: 1, interval: .infinity)
    let rule: TriggerRule = .stub()
      .setting(\.expression, to: "user.a == \"b\"")
      .setting(\.occurrence, to: occurrence)
    let result = await evaluator.evaluateExpression(
      fromAudienceFilter: rule,
      placementData: PlacementData(name: "ss", parameters: [:], createdAt: Date())
    )

    #expect(result == .match(audience: rule, unsavedOccurrence: occurrence))
  }

  @Test func evaluateExpression_expressionParams() async {
    let dependencyContainer = DependencyContainer()
    dependencyContainer.storage.reset()
    let evaluator = CELEvaluator(
      storage: dependencyContainer.storage,
      factory: dependencyContainer
    )
    dependencyContainer.identityManager.mergeUserAttributes([:])
    let rule: TriggerRule = .stub()
      .setting(\.expression, to: "params.a == \"b\"")
    let result = await evaluator.evaluateExpression(
      fromAudienceFilter: rule,
      placementData: PlacementData(name: "ss", parameters: ["a": "b"], createdAt: Date())
    )
    #expect(result == .match(audience: rule))
  }

  @Test func evaluateExpression_expressionDeviceTrue() async {
    let dependencyContainer = DependencyContainer()
    dependencyContainer.storage.reset()
    let evaluator = CELEvaluator(
      storage: dependencyContainer.storage,
      factory: dependencyContainer
    )
    dependencyContainer.identityManager.mergeUserAttributes([:])
    let rule: TriggerRule = .stub()
      .setting(\.expression, to: "device.platform == \"iOS\"")
    let result = await evaluator.evaluateExpression(
      fromAudienceFilter: rule,
      placementData: PlacementData(name: "ss", parameters: ["a": "b"], createdAt: Date())
    )
    #expect(result == .match(audience: rule))
  }

  @Test func evaluateExpression_expressionDeviceFalse() async {
    let dependencyContainer = DependencyContainer()
    dependencyContainer.storage.reset()
    let evaluator = CELEvaluator(
      storage: dependencyContainer.storage,
      factory: dependencyContainer
    )
    dependencyContainer.identityManager.mergeUserAttributes([:])
    let rule: TriggerRule = .stub()
      .setting(\.expression, to: "device.platform == \"Android\"")
    let result = await evaluator.evaluateExpression(
        fromAudienceFilter: rule,
      placementData: PlacementData(name: "ss", parameters: ["a": "b"], createdAt: Date())
    )
    #expect(result == .noMatch(source: .expression, experimentId: rule.experiment.id))
  }

  @Test func evaluateExpression_expressionFalse() async {
    let dependencyContainer = DependencyContainer()
    dependencyContainer.storage.reset()
    let evaluator = CELEvaluator(
      storage: dependencyContainer.storage,
      factory: dependencyContainer
    )
    dependencyContainer.identityManager.mergeUserAttributes([:])
    let rule: TriggerRule = .stub()
      .setting(\.expression, to: "a == \"b\"")
    let result = await evaluator.evaluateExpression(
      fromAudienceFilter: rule,
      placementData: .stub()
    )
    #expect(result == .noMatch(source: .expression, experimentId: rule.experiment.id))
  }

  @Test func evaluateExpression_unresolvableFunctionArgument_noMatch() async {
    let dependencyContainer = DependencyContainer()
    dependencyContainer.storage.reset()
    let evaluator = CELEvaluator(
      storage: dependencyContainer.storage,
      factory: dependencyContainer
    )
    dependencyContainer.identityManager.mergeUserAttributes([:])
    // A function argument that fails to resolve must degrade to noMatch —
    // Superscript < 1.0.15 aborted the process when evaluating this.
    let rule: TriggerRule = .stub()
      .setting(\.expression, to: "daysSince(app_install) >= 1")
    let result = await evaluator.evaluateExpression(
      fromAudienceFilter: rule,
      placementData: .stub()
    )
    #expect(result == .noMatch(source: .expression, experimentId: rule.experiment.id))
  }

  @Test func evaluateExpression_noEntitlements_match() async {
    let dependencyContainer = DependencyContainer()
    dependencyContainer.storage.reset()
    dependencyContainer.entitlementsInfo.subscriptionStatusDidSet(.inactive)
    let evaluator = CELEvaluator(
      storage: dependencyContainer.storage,
      factory: dependencyContainer
    )
    print("device entitlements", dependencyContainer.entitlementsInfo.active)
    let rule: TriggerRule = .stub()
      .setting(\.expression, to: "size(device.activeEntitlements) == 0")
    let result = await evaluator.evaluateExpression(
      fromAudienceFilter: rule,
      placementData: .stub()
    )
    #expect(result == .match(audience: rule))
  }

  @Test func evaluateExpression_noEntitlements_noMatch() async {
    let dependencyContainer = DependencyContainer()
    dependencyContainer.storage.reset()
    dependencyContainer.entitlementsInfo.subscriptionStatusDidSet(.active([.stub()]))
    let evaluator = CELEvaluator(
      storage: dependencyContainer.storage,
      factory: dependencyContainer
    )
    let rule: TriggerRule = .stub()
      .setting(\.expression, to: "size(device.activeEntitlements) == 0")
    let result = await evaluator.evaluateExpression(
      fromAudienceFilter: rule,
      placementData: .stub()
    )
    #expect(result == .noMatch(source: .expression, experimentId: rule.experiment.id))
  }

  @Test func evaluateExpression_containsSpecificEntitlement() async {
    let dependencyContainer = DependencyContainer()
    dependencyContainer.storage.reset()
    dependencyContainer.entitlementsInfo.subscriptionStatusDidSet(.active([.init(id: "bronze")]))
    let evaluator = CELEvaluator(
      storage: dependencyContainer.storage,
      factory: dependencyContainer
    )
    let rule: TriggerRule = .stub()
      .setting(\.expression, to: "[\"bronze\"].all(identifier, device.activeEntitlements.contains(identifier))")
    let result = await evaluator.evaluateExpression(
      fromAudienceFilter: rule,
      placementData: .stub()
    )
    #expect(result == .match(audience: rule))
  }
  @Test func evaluateExpression_passingInDecimal() async {
    let dependencyContainer = DependencyContainer()
    dependencyContainer.storage.reset()
    let evaluator = CELEvaluator(
      storage: dependencyContainer.storage,
      factory: dependencyContainer
    )
    let value = Decimal(1.0)
    dependencyContainer.identityManager.mergeUserAttributes(["a": value])
    let rule: TriggerRule = .stub()
      .setting(\.expression, to: "user.a == 1.0")
    let result = await evaluator.evaluateExpression(
      fromAudienceFilter: rule,
      placementData: PlacementData(name: "ss", parameters: [:], createdAt: Date())
    )

    #expect(result == .match(audience: rule))
  }
}
