import Foundation
import GraphCalcSupport
import TestSupport
import Testing

@testable import CalculatorBrain

@Suite struct ProgramPropertyListTests {
    private static let sample = Program([
        .operand(3), .operand(-0.0), .operand(0.1), .operand(1e300), .operand(-1e-300),
        .constant(.pi), .constant(.e), .variable("M"), .variable("θ"),
        .unary(.squareRoot), .unary(.negation), .unary(.square), .unary(.reciprocal),
        .binary(.subtraction), .binary(.multiplication), .binary(.division), .binary(.arctangent2),
    ])

    private static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("graphcalc-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func xml(_ body: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            \(body)
            </plist>
            """.utf8)
    }

    @Test(arguments: ProgramFileFormat.allCases)
    func roundTripsInMemory(format: ProgramFileFormat) throws {
        let data = Self.sample.propertyListData(format: format)
        #expect(try Program(propertyListData: data).hasIdenticalOps(Self.sample))
    }

    @Test(arguments: ProgramFileFormat.allCases)
    func roundTripsThroughFiles(format: ProgramFileFormat) throws {
        let path = try Self.temporaryDirectory().appendingPathComponent("p.plist").path
        try Self.sample.write(toFile: path, format: format)
        #expect(try Program(contentsOfFile: path).hasIdenticalOps(Self.sample))
    }

    @Test func foundationReadsWhatWeWrite() throws {
        for format in ProgramFileFormat.allCases {
            let data = Self.sample.propertyListData(format: format)
            let array = try #require(
                try PropertyListSerialization.propertyList(from: data, format: nil) as? [Any])
            #expect(array.count == Self.sample.ops.count)
            #expect(array[7] as? String == "M")
            #expect(array[9] as? String == "√")
            #expect(try Program(propertyList: array).ops == Self.sample.ops)
        }
    }

    @Test func propertyListHoldsNumbersAndCanonicalSymbols() {
        let list = Program([.operand(3), .operand(5), .binary(.addition), .unary(.squareRoot)]).propertyList
        #expect(list.count == 4)
        #expect(list[0] as? Double == 3)
        #expect(list[2] as? String == "+")
        #expect(list[3] as? String == "√")
    }

    @Test func readsIntegersRealsAndAsciiSpellings() throws {
        let data = Self.xml(
            """
            <array><integer>3</integer><real>5.5</real><integer>-7</integer><integer>18446744073709551615</integer>
            <string>*</string><string>pi</string><string>sqrt</string><string>&#x3C0;</string><string><![CDATA[M]]></string></array>
            """)
        let program = try Program(propertyListData: data)
        #expect(
            program.ops == [
                .operand(3), .operand(5.5), .operand(-7), .operand(0x1p64),
                .binary(.multiplication), .constant(.pi), .unary(.squareRoot), .constant(.pi), .variable("M"),
            ])
    }

    @Test func readsAnArrayWithoutPlistWrapperAndEmptyElements() throws {
        let data = Data("<array><real>1</real><string/><real>2</real></array>".utf8)
        #expect(throws: ProgramFileError.unknownSymbol(file: nil, index: 1, symbol: "")) {
            try Program(propertyListData: data)
        }
        #expect(try Program(propertyListData: Data("<plist><array/></plist>".utf8)).ops == [])
    }

    static let invalidXMLCases: [(String, ProgramFileError)] = [
        ("<array><true/><real>2</real></array>", .invalidItem(file: "f", index: 0, found: "a boolean (true)")),
        ("<array><real>1</real><false/></array>", .invalidItem(file: "f", index: 1, found: "a boolean (false)")),
        (
            "<array><real>1</real><array><real>2</real></array></array>",
            .invalidItem(file: "f", index: 1, found: "an array")
        ),
        (
            "<array><dict><key>a</key><real>1</real></dict></array>",
            .invalidItem(file: "f", index: 0, found: "a dictionary")
        ),
        ("<array><date>2020-01-01T00:00:00Z</date></array>", .invalidItem(file: "f", index: 0, found: "a date")),
        ("<array><data>AAA=</data></array>", .invalidItem(file: "f", index: 0, found: "data")),
        ("<array><real>abc</real></array>", .invalidItem(file: "f", index: 0, found: "an unreadable <real> 'abc'")),
        ("<array><real>nan</real></array>", .invalidItem(file: "f", index: 0, found: "NaN, which is not a number")),
        // ∞ as NaN is (issue 26): a program file holds finite numbers.
        (
            "<array><real>-infinity</real></array>",
            .invalidItem(file: "f", index: 0, found: "-inf, which is not a finite number")
        ),
        (
            "<array><real>1</real><string>frob+</string></array>",
            .unknownSymbol(file: "f", index: 1, symbol: "frob+")
        ),
        ("<dict><key>program</key><array/></dict>", .notAnArray(file: "f", found: .dictionary)),
        ("<string>3 5 +</string>", .notAnArray(file: "f", found: .string)),
    ]

    @Test(arguments: invalidXMLCases)
    func refusesBadItems(body: String, error: ProgramFileError) {
        #expect(throws: error) { try Program(propertyListData: Self.xml(body), file: "f") }
    }

    static let malformedCases: [(String, String)] = [
        ("", "the file is empty"),
        ("3 5 +", "neither an XML nor a binary property list"),
        ("<plist><array><real>1</real>", "line 1, column 29: the document ends before </array>"),
        ("<plist><array><real>1</array></plist>", "line 1, column 22: found </array> where </real> belongs"),
        ("<plist><array/><array/></plist>", "line 1, column 16: more than one top-level value"),
        ("<plist><array/></plist><x/>", "line 1, column 24: content after the end of the document"),
        ("<plist><array><string>&lol;</string></array></plist>", "line 1, column 23: unknown entity &lol;"),
        ("<plist><array><string>a<b/></string></array></plist>", "line 1, column 24: unexpected <b> inside <string>"),
        ("<plist><array>junk</array></plist>", "line 1, column 15: unexpected text"),
        ("<plist><array><!-- never closed", "line 1, column 15: unterminated comment"),
        ("<plist>\n<array>\n<real x='1", "line 3, column 1: unterminated start tag <real>"),
        ("<plist></plist>", "no property-list value in the document"),
        ("bplist00", "not a bplist00 binary property list, or truncated"),
    ]

    @Test(arguments: malformedCases)
    func refusesMalformedFiles(text: String, reason: String) {
        #expect(throws: ProgramFileError.notAPropertyList(file: "f", reason: reason)) {
            try Program(propertyListData: Data(text.utf8), file: "f")
        }
    }

    @Test func messagesNameTheFileAndTheItem() {
        #expect(
            ProgramFileError.invalidItem(file: "p.plist", index: 2, found: "an array").description
                == "'p.plist', item 2: expected a number or a symbol, found an array")
        #expect(
            ProgramFileError.unknownSymbol(file: nil, index: 0, symbol: "%").description
                == "item 0: unknown symbol '%'")
        #expect(
            ProgramFileError.notAnArray(file: "p.plist", found: .dictionary).description
                == "'p.plist' holds a dictionary, not a program (an array of numbers and symbols)")
        #expect(
            ProgramFileError.notAPropertyList(file: "p.plist", reason: "the file is empty").description
                == "'p.plist' is not a property list: the file is empty")
        #expect(
            ProgramFileError.cannotRead(file: "p.plist", reason: "no such file or directory").description
                == "cannot read 'p.plist': no such file or directory")
        #expect(
            ProgramFileError.cannotWrite(file: "p.plist", reason: "permission denied").description
                == "cannot write 'p.plist': permission denied")
    }

    /// Items become ops as they are read; a bad item is reported with its index, but
    /// only once the whole file is known not to be damaged.
    @Test func aDamagedFileIsReportedBeforeABadItem() throws {
        let badItem = Self.xml("<array><real>1</real><string>%</string><real>2</real></array>")
        #expect(throws: ProgramFileError.unknownSymbol(file: nil, index: 1, symbol: "%")) {
            try Program(propertyListData: badItem)
        }
        let damaged = Data(String(decoding: badItem, as: UTF8.self).replacingOccurrences(of: "</plist>", with: "").utf8)
        #expect(
            throws: ProgramFileError.notAPropertyList(
                file: nil, reason: "line 5, column 1: the document ends before </plist>")
        ) {
            try Program(propertyListData: damaged)
        }
        let path = try Self.temporaryDirectory().appendingPathComponent("bad.plist").path
        try badItem.write(to: URL(fileURLWithPath: path))
        #expect(throws: ProgramFileError.unknownSymbol(file: path, index: 1, symbol: "%")) {
            try Program(contentsOfFile: path)
        }
    }

    @Test func missingFileIsAClearError() {
        #expect(throws: ProgramFileError.cannotRead(file: "/nonexistent/p.plist", reason: "no such file or directory"))
        {
            try Program(contentsOfFile: "/nonexistent/p.plist")
        }
    }

    @Test func inMemoryPropertyListsDecideTypesDeliberately() throws {
        #expect(
            try Program(propertyList: [3, 2.5, "+"] as [Any]).ops == [.operand(3), .operand(2.5), .binary(.addition)])
        #expect(
            try Program(propertyList: [NSNumber(value: 4), "√"] as [Any]).ops == [.operand(4), .unary(.squareRoot)])
        #expect(throws: ProgramFileError.invalidItem(file: nil, index: 0, found: "a boolean (true)")) {
            try Program(propertyList: [true, 2, "+"] as [Any])
        }
        #expect(throws: ProgramFileError.invalidItem(file: nil, index: 1, found: "a boolean (false)")) {
            try Program(propertyList: [1, false] as [Any])
        }
        #expect(throws: ProgramFileError.invalidItem(file: nil, index: 1, found: "an array")) {
            try Program(propertyList: [1, [2, 3]] as [Any])
        }
        #expect(throws: ProgramFileError.notAnArray(file: nil, found: .dictionary)) {
            try Program(propertyList: ["program": [1]] as [String: Any])
        }
        // A boolean read by Foundation's own parser is refused too, though it bridges to 1.
        let foundationList = try PropertyListSerialization.propertyList(
            from: Self.xml("<array><true/></array>"), format: nil)
        #expect(throws: ProgramFileError.invalidItem(file: nil, index: 0, found: "a boolean (true)")) {
            try Program(propertyList: foundationList)
        }
    }

    @Test func hostileInputIsRefusedWithoutCrashing() throws {
        var generator = SeededGenerator(seed: 7)
        var garbage = [UInt8](repeating: 0, count: 10 * 1024 * 1024)
        for index in garbage.indices { garbage[index] = UInt8(truncatingIfNeeded: generator.next()) }
        for prefix in [[], Array("<".utf8), Array("bplist00".utf8)] {
            let data = Data(prefix + garbage)
            #expect(throws: ProgramFileError.self) { try Program(propertyListData: data) }
        }
        let depth = 200_000
        let nested =
            "<plist><array>" + String(repeating: "<array>", count: depth)
            + String(repeating: "</array>", count: depth) + "</array></plist>"
        // Refused at the scanner's bound, its stack never deeper than 256 names.
        #expect(
            throws: ProgramFileError.notAPropertyList(
                file: nil, reason: "line 1, column 1793: elements nest deeper than 256")
        ) {
            try Program(propertyListData: Data(nested.utf8))
        }
        let shallow = "<plist><array><array><array/></array></array></plist>"
        #expect(throws: ProgramFileError.invalidItem(file: nil, index: 0, found: "an array")) {
            try Program(propertyListData: Data(shallow.utf8))
        }
        let laughs = """
            <?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>
            <plist><array><string>&lol2;</string></array></plist>
            """
        #expect(throws: ProgramFileError.self) { try Program(propertyListData: Data(laughs.utf8)) }
    }

    @Test func corruptedBinaryFilesAreRefused() {
        let valid = [UInt8](Self.sample.propertyListData(format: .binary))
        var generator = SeededGenerator(seed: 11)
        var refused = 0, read = 0
        for _ in 0..<2_000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 8..<bytes.count, using: &generator)
                bytes[index] = UInt8.random(in: 0...255, using: &generator)
            }
            if Bool.random(using: &generator) {
                bytes.removeLast(Int.random(in: 0..<bytes.count - 8, using: &generator))
            }
            // Either a program that writes and reads back the same, or a one-line error;
            // never a crash or a hang.
            do {
                let program = try Program(propertyListData: Data(bytes))
                #expect(try Program(propertyListData: program.propertyListData(format: .binary)) == program)
                read += 1
            } catch {
                #expect(!error.description.isEmpty && !error.description.contains("\n"), "\(error)")
                refused += 1
            }
        }
        // Most corruptions are refused; some leave a readable program (a changed number).
        #expect(refused > 1_000 && read > 0, "\(refused) refused, \(read) read")
    }

    @Test func aMillionOpsRoundTripInBothFormats() throws {
        let ops = [Op.operand(1)] + Array(repeating: [Op.operand(1), .binary(.addition)], count: 500_000).joined()
        let program = Program(Array(ops))
        for format in ProgramFileFormat.allCases {
            let read = try Program(propertyListData: program.propertyListData(format: format))
            #expect(read.ops.count == 1_000_001)
            #expect(try read.evaluate() == 500_001)
        }
    }

    @Test func aFailedSaveKeepsTheExistingFile() throws {
        let directory = try Self.temporaryDirectory()
        let path = directory.appendingPathComponent("keep.plist").path
        try Program([.operand(1)]).write(toFile: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        // A destination that is a directory cannot be replaced by a file.
        let blocked = directory.appendingPathComponent("blocked.plist").path
        try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: false)
        #expect(throws: ProgramFileError.self) { try Program([.operand(2)]).write(toFile: blocked) }
        #expect(throws: ProgramFileError.self) {
            try Program([.operand(2)]).write(toFile: directory.appendingPathComponent("missing/p.plist").path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty)
    }
}

/// A binary property list whose one-byte references all name one shared object: each
/// byte an op, so memory would grow far past the file's size without a bound on items.
@Suite struct PropertyListAmplificationTests {
    static func sharedReferences(count: Int) -> Data {
        var bytes = Array("bplist00".utf8)
        let array = bytes.count
        bytes += [0xAF, 0x12] + withUnsafeBytes(of: UInt32(count).bigEndian, Array.init)
        bytes += [UInt8](repeating: 1, count: count)
        let string = bytes.count
        bytes += [0x51, UInt8(ascii: "x")]
        let table = bytes.count
        bytes += withUnsafeBytes(of: UInt32(array).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt32(string).bigEndian, Array.init)
        bytes += [0, 0, 0, 0, 0, 0, 4, 1]
        bytes += withUnsafeBytes(of: UInt64(2).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(0).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(table).bigEndian, Array.init)
        return Data(bytes)
    }

    @Test func sharedReferencesAreBoundedByTheOpLimit() throws {
        let small = try Program(propertyListData: Self.sharedReferences(count: 3))
        #expect(small.ops == [.variable("x"), .variable("x"), .variable("x")])
        #expect(throws: ProgramFileError.tooManyOps(file: "big.plist", limit: Program.maximumOpsInFile)) {
            try Program(propertyListData: Self.sharedReferences(count: Program.maximumOpsInFile + 1), file: "big.plist")
        }
        #expect(
            ProgramFileError.tooManyOps(file: "big.plist", limit: 4_000_000).description
                == "'big.plist' holds more than 4000000 items, more than a program may have")
    }
}
