import Foundation
import ToggleLedger

/// `toggles extend`: appends an `expiry-extended` event, so snoozing a toggle is audited.
enum ExtendCommand: Command {
    static let helpPage = """
        Move a toggle's expiry date later, with the reason: snoozing is itself recorded.

        usage: toggles extend NAME --expires DATE --reason TEXT

        A toggle with an expiry date is `expired` from the start of that day (UTC). Its own expiry date replaces its
        category's lifetime, so a toggle extended this way is not `over-lifetime` either. It can still be `launched`. Works on
        a toggle without an expiry date too (it sets the first one).

        arguments:
          NAME  the toggle's key

        options:
          --expires DATE  the new date it should be gone by, YYYY-MM-DD; later than the current one and than today (or --at)
          --reason TEXT   why it needs longer (kept in the log and shown by `toggles history`)
          --log --at --actor --id

        examples:
          $ toggles extend isRoundedAvatar --expires 2027-01-31 --reason 'waiting for the Q4 experiment readout'
        """
    static let spec = CommandSpec(help: helpPage, shared: CommonOptions.appending)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let name = try CommonOptions.toggleName(arguments.positionals[0])
        guard let expires = try CommonOptions.expiry(arguments, context, command: spec.name) else {
            throw UsageError("missing --expires DATE", command: spec.name)
        }
        guard let reason = arguments.value("--reason"), !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError("missing --reason TEXT: say why the toggle needs longer", command: spec.name)
        }
        let event = try CommonOptions.envelope(
            arguments, context, toggle: name, command: spec.name, change: .expiryExtended(expires: expires, reason: reason))
        return try CommonOptions.append([event], undated: CommonOptions.undated(arguments, count: 1), to: CommonOptions.ledger(arguments, context), context)
    }
}
