import CalculatorBrain
import Testing

/// The bounded reader of property-list values that session files are checked with.
@Suite struct PropertyListValueTests {
    static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">"

    @Test func readsEveryKindInOrder() throws {
        let text =
            Self.header
            + "<dict><key>b</key><array><real>+infinity</real><real>-infinity</real><integer>-3</integer>"
            + "<true/><false/><string>a &amp; b</string></array><key>a</key><dict/><key>c</key><date>2026-12-01T00:00:00Z</date></dict></plist>"
        let value = try PropertyListValue(xml: Array(text.utf8))
        #expect(
            value
                == .dictionary([
                    (
                        key: "b",
                        value: .array([
                            .number(.infinity), .number(-.infinity), .number(-3), .boolean(true), .boolean(false),
                            .string("a & b"),
                        ])
                    ),
                    (key: "a", value: .dictionary([])),
                    (key: "c", value: .other(kind: "date", text: "2026-12-01T00:00:00Z")),
                ]))
    }

    /// Nesting is refused past the bound however the tags are spelled, with no recursion
    /// to exhaust: 100,000 levels take no stack.
    @Test(arguments: ["<array>", "<array\n>", "<array\t>", "<dict><key>k</key><array >"])
    func nestingDeeperThanTheBoundIsAnError(open: String) {
        let text = Self.header + String(repeating: open, count: 100_000)
        #expect(throws: ProgramFileError.self) { try PropertyListValue(xml: Array(text.utf8), maximumDepth: 16) }
        do {
            _ = try PropertyListValue(xml: Array(text.utf8), maximumDepth: 16, file: "deep.plist")
        } catch {
            #expect(error.description.contains("deep.plist") && error.description.contains("nest deeper than 16"))
        }
    }

    @Test(arguments: [
        ("<dict><key>a</key></dict>", "<dict> ends after a <key> with no value"),
        ("<dict><string>x</string></dict>", "a value in a <dict> needs a <key> before it"),
        ("<array><key>a</key></array>", "a <key> belongs in a <dict>"),
        ("<array><real>one</real></array>", "an unreadable <real> 'one'"),
        ("<array><string><real>1</real></string></array>", "unexpected <real> inside <string>"),
        ("<array/><array/>", "more than one top-level value"),
        ("<array/></plist><array/>", "content after the end of the document"),
        ("<frob/>", "<frob> is not a property-list element"),
        ("", "no property-list value"),
    ])
    func malformedDocumentsSayWhatAndWhere(body: String, message: String) {
        do {
            let value = try PropertyListValue(xml: Array((Self.header + body + "</plist>").utf8))
            Issue.record("read \(value) from \(body)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }
}
