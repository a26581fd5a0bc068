import Foundation

public extension FeatureFlagKey {
    static let history: Self = "history_feature_enabled"
    static let program: Self = "program_feature_enabled"
    static let runDetail: Self = "run_detail_enabled"
    static let goalHistory: Self = "goal_history_feature_enabled"
}
