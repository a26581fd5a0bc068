import LedgerModel

/// Reads who is acting and where from the environment of a CI job.
///
/// Supports GitHub Actions, GitLab CI, Buildkite, CircleCI, Bitrise and Jenkins; elsewhere
/// the actor comes from git's `user.email`, then the login name.
struct CIEnvironment: Sendable {
    var variables: [String: String]

    init(_ variables: [String: String]) {
        self.variables = variables
    }

    private func value(_ name: String) -> String? {
        guard let value = variables[name]?.trimmingSpaces, !value.isEmpty else { return nil }
        return value
    }

    /// The CI system's name, or nil when not running in CI.
    var system: String? {
        if value("GITHUB_ACTIONS") == "true" { return "github-actions" }
        if value("GITLAB_CI") != nil { return "gitlab-ci" }
        if value("BUILDKITE") == "true" { return "buildkite" }
        if value("CIRCLECI") == "true" { return "circleci" }
        if value("BITRISE_IO") == "true" { return "bitrise" }
        if value("JENKINS_URL") != nil { return "jenkins" }
        return nil
    }

    /// Who triggered the job, as the CI system names them.
    var actor: String? {
        switch system {
        case "github-actions": return value("GITHUB_ACTOR").map { "github:\($0)" }
        case "gitlab-ci": return value("GITLAB_USER_EMAIL") ?? value("GITLAB_USER_LOGIN").map { "gitlab:\($0)" }
        case "buildkite": return value("BUILDKITE_BUILD_CREATOR_EMAIL") ?? value("BUILDKITE_BUILD_CREATOR")
        case "circleci": return value("CIRCLE_USERNAME").map { "circleci:\($0)" }
        case "bitrise": return value("GIT_CLONE_COMMIT_AUTHOR_EMAIL") ?? "bitrise"
        case "jenkins": return value("BUILD_USER_EMAIL") ?? value("BUILD_USER_ID").map { "jenkins:\($0)" } ?? "jenkins"
        default: return nil
        }
    }

    /// The actor for an event: the CI actor, else git's user.email (looked up lazily), else
    /// the login name, else `unknown`.
    func resolveActor(gitEmail: () throws -> String?) rethrows -> String {
        if let actor { return actor }
        if let email = try gitEmail()?.trimmingSpaces, !email.isEmpty { return email }
        return value("USER") ?? value("LOGNAME") ?? "unknown"
    }

    /// The variables naming a job's commit, branch, run and URL, by system; where several
    /// are listed, the first one set wins.
    private static let jobVariables: [String: (commit: String, branch: [String], run: String, url: [String])] = [
        "gitlab-ci": ("CI_COMMIT_SHA", ["CI_COMMIT_REF_NAME"], "CI_PIPELINE_ID", ["CI_JOB_URL", "CI_PIPELINE_URL"]),
        "buildkite": ("BUILDKITE_COMMIT", ["BUILDKITE_BRANCH"], "BUILDKITE_BUILD_NUMBER", ["BUILDKITE_BUILD_URL"]),
        "circleci": ("CIRCLE_SHA1", ["CIRCLE_BRANCH"], "CIRCLE_BUILD_NUM", ["CIRCLE_BUILD_URL"]),
        "bitrise": ("BITRISE_GIT_COMMIT", ["BITRISE_GIT_BRANCH"], "BITRISE_BUILD_NUMBER", ["BITRISE_BUILD_URL"]),
        "jenkins": ("GIT_COMMIT", ["BRANCH_NAME", "GIT_BRANCH"], "BUILD_NUMBER", ["BUILD_URL"]),
    ]

    /// Commit, branch, run and URL of the CI job, or nil outside CI.
    var provenance: Provenance? {
        guard let system else { return nil }
        var source = Provenance(ci: system)
        if system == "github-actions" {
            // GitHub names the run's attempt apart, and its URL is built from three variables.
            source.commit = value("GITHUB_SHA")
            source.branch = value("GITHUB_HEAD_REF") ?? value("GITHUB_REF_NAME")
            source.run = value("GITHUB_RUN_ID").map { run in value("GITHUB_RUN_ATTEMPT").map { "\(run).\($0)" } ?? run }
            if let server = value("GITHUB_SERVER_URL"), let repository = value("GITHUB_REPOSITORY"), let run = value("GITHUB_RUN_ID") {
                source.url = "\(server)/\(repository)/actions/runs/\(run)"
            }
        } else if let names = Self.jobVariables[system] {
            source.commit = value(names.commit)
            source.branch = names.branch.lazy.compactMap(value).first
            source.run = value(names.run)
            source.url = names.url.lazy.compactMap(value).first
        }
        return source
    }
}

extension String {
    /// Without leading and trailing whitespace (a variable set to " " is unset).
    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
