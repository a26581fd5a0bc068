/// The groups `toggles help` lists the commands in, as `git help` does: by what a person
/// is doing. A command is placed by its name; one not named here (a command added later)
/// is listed under "more", so it still shows up in the overview, the completion scripts and
/// the man page, which all walk ``TogglesCLI/commands``.
enum CommandGroup: String, CaseIterable {
    case record, read, enforce, interop, code, more

    var title: String {
        switch self {
        case .record: return "record a toggle's life (each appends events to the log)"
        case .read: return "read the log"
        case .enforce: return "enforce: stale toggles, deadlines"
        case .interop: return "interop: Firebase Remote Config, plists, flagd"
        case .code: return "code: the Swift sources and the log in step"
        case .more: return "more"
        }
    }

    /// Names of commands that may not exist in every build are harmless here: only commands
    /// in the registry are listed.
    private static let members: [String: CommandGroup] = [
        "create": .record, "change": .record, "publish": .record, "remove": .record, "retire": .record,
        "support": .record, "extend": .record, "append": .record, "set": .record, "resolve": .record, "void": .record,
        "state": .read, "history": .read, "replay": .read, "diff": .read, "audit": .read,
        "report": .enforce, "check": .enforce, "due": .enforce,
        "import": .interop, "drift firebase": .interop, "export": .interop,
        "export swift": .code, "scan": .code, "sync swift": .code, "cleanup": .code,
    ]

    static func of(_ command: String) -> CommandGroup { members[command] ?? .more }

    /// The registry's commands by group, each group in registry order; empty groups left out.
    static func grouped(_ specs: [CommandSpec]) -> [(group: CommandGroup, specs: [CommandSpec])] {
        allCases.compactMap { group in
            let specs = specs.filter { of($0.name) == group }
            return specs.isEmpty ? nil : (group, specs)
        }
    }
}
