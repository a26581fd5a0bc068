import Testing
import TestSupport
import ToggleLedger
@testable import TogglesCLI

/// Each CI system's job, as the variables it sets name it: the systems the end-to-end test
/// (`ReliabilityCLITests.ciProvenanceIsRecorded`, GitHub and GitLab) does not run.
@Suite struct CIEnvironmentTests {
    @Test(arguments: [
        (
            ["BUILDKITE": "true", "BUILDKITE_COMMIT": "c1", "BUILDKITE_BRANCH": "b1", "BUILDKITE_BUILD_NUMBER": "7", "BUILDKITE_BUILD_URL": "u1"],
            Provenance(ci: "buildkite", commit: "c1", branch: "b1", run: "7", url: "u1")
        ),
        (
            ["CIRCLECI": "true", "CIRCLE_SHA1": "c2", "CIRCLE_BRANCH": "b2", "CIRCLE_BUILD_NUM": "8", "CIRCLE_BUILD_URL": "u2"],
            Provenance(ci: "circleci", commit: "c2", branch: "b2", run: "8", url: "u2")
        ),
        (
            ["BITRISE_IO": "true", "BITRISE_GIT_COMMIT": "c3", "BITRISE_GIT_BRANCH": "b3", "BITRISE_BUILD_NUMBER": "9", "BITRISE_BUILD_URL": "u3"],
            Provenance(ci: "bitrise", commit: "c3", branch: "b3", run: "9", url: "u3")
        ),
        // Jenkins: BRANCH_NAME (multibranch) before GIT_BRANCH.
        (
            ["JENKINS_URL": "https://ci", "GIT_COMMIT": "c4", "BRANCH_NAME": "b4", "GIT_BRANCH": "origin/b4", "BUILD_NUMBER": "10", "BUILD_URL": "u4"],
            Provenance(ci: "jenkins", commit: "c4", branch: "b4", run: "10", url: "u4")
        ),
        (
            ["JENKINS_URL": "https://ci", "GIT_BRANCH": "origin/b5", "BUILD_NUMBER": " "],
            Provenance(ci: "jenkins", branch: "origin/b5")
        ),
        // GitLab: the job's URL, else the pipeline's.
        (["GITLAB_CI": "true", "CI_PIPELINE_URL": "u6"], Provenance(ci: "gitlab-ci", url: "u6")),
    ])
    func eachSystemNamesItsJob(variables: [String: String], expected: Provenance) {
        #expect(CIEnvironment(variables).provenance == expected)
    }

    @Test func outsideCINothingIsRecordedAndTheLoginNameActs() {
        let local = CIEnvironment(["USER": " ann "])
        #expect(local.provenance == nil)
        #expect(local.resolveActor(gitEmail: { nil }) == "ann")
        #expect(local.resolveActor(gitEmail: { " ann@example.com\n" }) == "ann@example.com")
    }
}
