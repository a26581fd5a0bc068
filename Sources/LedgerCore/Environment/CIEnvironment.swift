import LedgerPlatform
import LedgerModel
import LedgerStore
/// Reads who is acting and where from the environment of a CI job.
///
/// Supports GitHub Actions, GitLab CI, Buildkite, CircleCI, Bitrise and Jenkins; elsewhere
/// the actor comes from git's `user.email`, then the login name.
package struct CIEnvironment: Sendable {
    package var variables: [String: String]

    package init(_ variables: [String: String]) {
        self.variables = variables
    }

    private func value(_ name: String) -> String? {
        guard let value = variables[name]?.trimmingSpaces, !value.isEmpty else { return nil }
        return value
    }

    /// The CI system's name, or nil when not running in CI.
    package var system: String? {
        if value("GITHUB_ACTIONS") == "true" { return "github-actions" }
        if value("GITLAB_CI") != nil { return "gitlab-ci" }
        if value("BUILDKITE") == "true" { return "buildkite" }
        if value("CIRCLECI") == "true" { return "circleci" }
        if value("BITRISE_IO") == "true" { return "bitrise" }
        if value("JENKINS_URL") != nil { return "jenkins" }
        return nil
    }

    /// Who triggered the job, as the CI system names them.
    package var actor: String? {
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
    package func resolveActor(gitEmail: () throws -> String?) rethrows -> String {
        if let actor { return actor }
        if let email = try gitEmail()?.trimmingSpaces, !email.isEmpty { return email }
        return value("USER") ?? value("LOGNAME") ?? "unknown"
    }

    /// Commit, branch, run and URL of the CI job, or nil outside CI.
    package var provenance: Provenance? {
        guard let system else { return nil }
        var source = Provenance(ci: system)
        switch system {
        case "github-actions":
            source.commit = value("GITHUB_SHA")
            source.branch = value("GITHUB_HEAD_REF") ?? value("GITHUB_REF_NAME")
            source.run = value("GITHUB_RUN_ID").map { run in value("GITHUB_RUN_ATTEMPT").map { "\(run).\($0)" } ?? run }
            if let server = value("GITHUB_SERVER_URL"), let repository = value("GITHUB_REPOSITORY"), let run = value("GITHUB_RUN_ID") {
                source.url = "\(server)/\(repository)/actions/runs/\(run)"
            }
        case "gitlab-ci":
            source.commit = value("CI_COMMIT_SHA")
            source.branch = value("CI_COMMIT_REF_NAME")
            source.run = value("CI_PIPELINE_ID")
            source.url = value("CI_JOB_URL") ?? value("CI_PIPELINE_URL")
        case "buildkite":
            source.commit = value("BUILDKITE_COMMIT")
            source.branch = value("BUILDKITE_BRANCH")
            source.run = value("BUILDKITE_BUILD_NUMBER")
            source.url = value("BUILDKITE_BUILD_URL")
        case "circleci":
            source.commit = value("CIRCLE_SHA1")
            source.branch = value("CIRCLE_BRANCH")
            source.run = value("CIRCLE_BUILD_NUM")
            source.url = value("CIRCLE_BUILD_URL")
        case "bitrise":
            source.commit = value("BITRISE_GIT_COMMIT")
            source.branch = value("BITRISE_GIT_BRANCH")
            source.run = value("BITRISE_BUILD_NUMBER")
            source.url = value("BITRISE_BUILD_URL")
        case "jenkins":
            source.commit = value("GIT_COMMIT")
            source.branch = value("BRANCH_NAME") ?? value("GIT_BRANCH")
            source.run = value("BUILD_NUMBER")
            source.url = value("BUILD_URL")
        default:
            break
        }
        return source
    }
}

extension String {
    package var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
