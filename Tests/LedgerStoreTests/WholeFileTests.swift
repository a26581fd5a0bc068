import Foundation
import Testing
import TestSupport
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one reader of whole files named by the user: bounded, and refusing what is not a file.
@Suite struct WholeFileTests {
    @Test func aRegularFileIsReadWhole() throws {
        let log = try ScratchLog()
        let text = String(repeating: "line of an events file\n", count: 5000)
        try log.write("batch.jsonl", text)
        #expect(try WholeFile.read(log.path + "/batch.jsonl", displayName: "batch.jsonl") == Array(text.utf8))
        try log.write("empty.jsonl", "")
        #expect(try WholeFile.read(log.path + "/empty.jsonl", displayName: "empty.jsonl") == [])
    }

    @Test func eachRefusalNamesTheFileAsTheUserTypedIt() throws {
        let log = try ScratchLog()
        #expect(throws: FileReadError.missing(file: "gone.jsonl")) { try WholeFile.read(log.path + "/gone.jsonl", displayName: "gone.jsonl") }
        #expect(throws: FileReadError.directory(file: "events")) { try WholeFile.read(log.path, displayName: "events") }
        #expect(FileReadError.directory(file: "events").description == "events is a directory; expected a file")
        try log.write("policy.json", String(repeating: " ", count: 2048))
        #expect(throws: FileReadError.tooLarge(file: "policy.json", maximumBytes: 1024)) {
            try WholeFile.read(log.path + "/policy.json", displayName: "policy.json", maximumBytes: 1024)
        }
        #expect(FileReadError.tooLarge(file: "p.json", maximumBytes: 1 << 20).description == "p.json is larger than 1 MiB; expected a smaller file")
    }

    /// Opening a FIFO with no writer for reading would wait forever: it is refused at once.
    @Test func aFIFOIsRefusedNotWaitedOn() throws {
        let log = try ScratchLog()
        let path = log.path + "/pipe.jsonl"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: FileReadError.notARegularFile(file: "pipe.jsonl")) { try WholeFile.read(path, displayName: "pipe.jsonl") }
        #expect(throws: FileReadError.notARegularFile(file: "/dev/zero")) { try WholeFile.read("/dev/zero", displayName: "/dev/zero") }
    }
}

/// Platform reports its own error; the log maps it to ``LogError`` with the same words.
@Suite struct SystemCallErrorTests {
    @Test func theLogMapsAFailedCallToItsOwnErrorWordForWord() throws {
        let failure = SystemCallError.failed(path: "events/x.jsonl", operation: "open", errno: ENOENT)
        #expect(LogError(failure) == .io(path: "events/x.jsonl", operation: "open", errno: ENOENT))
        #expect(LogError(failure).description == failure.description)
        #expect(LogError(.notADirectory(path: "events")).description == SystemCallError.notADirectory(path: "events").description)
        #expect(throws: LogError.io(path: "/nonexistent/x", operation: "open", errno: ENOENT)) {
            try logIO { try SystemCalls.open("/nonexistent/x", O_RDONLY) }
        }
    }

    @Test func aLedgerOnAFileStillThrowsTheLogsError() throws {
        let log = try ScratchLog()
        try log.write("events", "not a directory\n")
        #expect(throws: LogError.self) { try Ledger(directory: log.path + "/events", displayName: "events").append([]) }
    }
}

/// The scan's reader: one buffer for many files, the same bytes and refusals as ``WholeFile``.
@Suite struct ReadBufferTests {
    /// Files of random sizes read in turn into one buffer (smaller and larger than the file
    /// before, larger than the buffer's first capacity) give exactly what `WholeFile.read` gives.
    @Test func eachFileReadsAsWholeFileReadsIt() throws {
        let log = try ScratchLog()
        var generator = SeededGenerator(seed: 41)
        var buffer = ReadBuffer(capacity: 64)
        for round in 0..<60 {
            let size = [0, 1, 63, 64, 65, Int.random(in: 0...300_000, using: &generator)].randomElement(using: &generator)!
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let name = "file\(round % 3).swift"
            try Data(bytes).write(to: URL(fileURLWithPath: log.path + "/" + name))
            let read = try buffer.read(log.path + "/" + name, displayName: name)
            #expect(Array(read) == bytes)
            #expect(Array(read) == (try WholeFile.read(log.path + "/" + name, displayName: name)))
        }
    }

    @Test func refusesWhatWholeFileRefuses() throws {
        let log = try ScratchLog()
        var buffer = ReadBuffer()
        #expect(throws: FileReadError.missing(file: "gone.swift")) { _ = try buffer.read(log.path + "/gone.swift", displayName: "gone.swift") }
        #expect(throws: FileReadError.directory(file: "events")) { _ = try buffer.read(log.path, displayName: "events") }
        #expect(mkfifo(log.path + "/pipe.swift", 0o600) == 0)
        #expect(throws: FileReadError.notARegularFile(file: "pipe.swift")) { _ = try buffer.read(log.path + "/pipe.swift", displayName: "pipe.swift") }
        try log.write("big.swift", String(repeating: "x", count: 2048))
        #expect(throws: FileReadError.tooLarge(file: "big.swift", maximumBytes: 1024)) {
            _ = try buffer.read(log.path + "/big.swift", displayName: "big.swift", maximumBytes: 1024)
        }
        // A refusal leaves the buffer usable.
        try log.write("ok.swift", "let x = 1\n")
        #expect(Array(try buffer.read(log.path + "/ok.swift", displayName: "ok.swift")) == Array("let x = 1\n".utf8))
    }
}
