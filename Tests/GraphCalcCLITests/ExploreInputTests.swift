import Testing

@testable import GraphCalcCLI

/// Bytes from a raw terminal to events.
@Suite struct ExploreInputTests {
    private static func events(_ bytes: [UInt8], time: Double = 1) -> [ExploreEvent] {
        var input = ExploreInput()
        return input.events(from: bytes, time: time)
    }

    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test(arguments: [
        ("q", [ExploreEvent.key(.character("q"))]),
        ("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D", [.key(.up), .key(.down), .key(.right), .key(.left)]),
        ("\u{1B}OA\u{1B}OD", [.key(.up), .key(.left)]),
        ("\u{1B}", [.key(.escape)]),
        ("\u{03}\t+", [.key(.interrupt), .key(.tab), .key(.character("+"))]),
        ("\u{1B}[<64;10;5M", [.mouse(.wheelUp, column: 10, row: 5, time: 1)]),
        ("\u{1B}[<65;1;2M", [.mouse(.wheelDown, column: 1, row: 2, time: 1)]),
        (
            "\u{1B}[<0;3;4M\u{1B}[<32;5;4M\u{1B}[<0;5;4m",
            [
                .mouse(.press, column: 3, row: 4, time: 1), .mouse(.drag, column: 5, row: 4, time: 1),
                .mouse(.release, column: 5, row: 4, time: 1),
            ]
        ),
        // Modifiers do not change what the button did; other buttons and sequences are ignored.
        (
            "\u{1B}[<16;3;4M\u{1B}[<2;3;4M\u{1B}[5~x",
            [.mouse(.press, column: 3, row: 4, time: 1), .key(.character("x"))]
        ),
        // A report broken by a byte that cannot be in it ends there; what follows is typed.
        (
            "\u{1B}[<0;a;4M\u{7F}é",
            [.key(.character("a")), .key(.character(";")), .key(.character("4")), .key(.character("M"))]
        ),
    ])
    func decodes(text: String, expected: [ExploreEvent]) {
        #expect(Self.events(Self.bytes(text)) == expected)
    }

    @Test func aSequenceCutByAReadWaitsForTheRest() {
        var input = ExploreInput()
        #expect(input.events(from: Self.bytes("\u{1B}[<64;1"), time: 1) == [])
        #expect(
            input.events(from: Self.bytes("0;5Mk"), time: 2) == [
                .mouse(.wheelUp, column: 10, row: 5, time: 2), .key(.character("k")),
            ])
        #expect(input.events(from: Self.bytes("\u{1B}["), time: 3) == [])
        #expect(input.events(from: Self.bytes("A"), time: 3) == [.key(.up)])
    }

    /// Found by a trial: a report cut off before its M swallowed every key after it.
    @Test func aCutOffReportDoesNotSwallowTheKeysAfterIt() {
        var input = ExploreInput()
        #expect(input.events(from: Self.bytes("\u{1B}[<64;50;15"), time: 1) == [])
        #expect(input.events(from: Self.bytes("q"), time: 2) == [.key(.character("q"))])
        #expect(input.events(from: Self.bytes("\u{1B}[<0;5\u{03}"), time: 3) == [.key(.interrupt)])
        // Nothing more came: what is left is given up.
        #expect(input.events(from: Self.bytes("\u{1B}[12"), time: 4) == [])
        #expect(input.isWaiting)
        #expect(input.flush() == [] && !input.isWaiting)
    }

    @Test func altChordsAreNotEscape() {
        #expect(Self.events(Self.bytes("\u{1B}xq")) == [.key(.character("q"))])
    }

    @Test func garbageNeverGrowsWithoutBound() {
        var input = ExploreInput()
        _ = input.events(from: Self.bytes("\u{1B}[<" + String(repeating: "9", count: 200)), time: 1)
        #expect(input.events(from: Self.bytes("q"), time: 1) == [.key(.character("q"))])
    }
}
