import LedgerModel

/// The oracle of the log writer's encoding: the event's ``JSONObject``
/// (``EventCodec/object(for:)``) through ``ReferenceJSONWriter``, the way events were encoded before the
/// writer encoded them straight to bytes. Shared by the encoder's and the append's oracle tests.
package enum EventOracle {
    package static func bytes(_ event: Event) -> [UInt8] {
        var bytes: [UInt8] = []
        ReferenceJSONWriter.write(.object(EventCodec.object(for: event)), to: &bytes)
        return bytes
    }
}
