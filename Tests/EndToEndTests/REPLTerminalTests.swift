import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The REPL as a person uses it: the built binary in a real terminal (tmux), and the tour
/// script through standard input. The terminal tests need tmux, which `.ci/run` installs.
@Suite(.serialized) struct REPLTerminalTests {
    private static let packageRoot = GraphCalcProcess.packageRoot
    private static let executable = GraphCalcProcess.executable.path
    private static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// A tmux server of its own, with a session running graphcalc.
    private struct Terminal {
        let socket = "graphcalc-test-\(UUID().uuidString.prefix(8))"
        let directory: URL

        /// Runs a tmux command and returns what it printed. It is spawned with posix_spawn
        /// and waited for with waitpid: the server that `new-session` starts would inherit,
        /// and keep open for good, the descriptors Foundation's Process watches for the end.
        @discardableResult
        func tmux(_ arguments: [String], readsOutput: Bool = false) throws -> String {
            let outputPath = directory.appendingPathComponent("tmux-output").path
            let argv =
                ([REPLTerminalTests.tmux ?? "/usr/bin/tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(
                &actions, 1, readsOutput ? outputPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            // Default signal handling and no blocked signals, whatever this test thread has.
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t(), all = sigset_t()
            sigemptyset(&none)
            sigfillset(&all)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            var pid: pid_t = 0
            guard let path = argv[0], posix_spawn(&pid, path, &actions, &attributes, argv, environ) == 0 else {
                throw CocoaError(.executableLoad)
            }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            return readsOutput ? (try String(contentsOfFile: outputPath, encoding: .utf8)) : ""
        }

        func start() throws {
            let environment =
                "GRAPHCALC_HISTORY=\(directory.path)/history HOME=\(directory.path) LANG=C.UTF-8 LC_ALL=C.UTF-8"
            try tmux([
                "new-session", "-d", "-x", "100", "-y", "30", "env \(environment) \(REPLTerminalTests.executable)",
            ])
            try waitFor("graphcalc>")
        }

        /// Sends keys, one group at a time with a pause after it, as a person types.
        func type(_ keys: String...) throws {
            for key in keys {
                try tmux(["send-keys", key])
                Thread.sleep(forTimeInterval: 0.2)
            }
        }

        func screen() throws -> String {
            try tmux(["capture-pane", "-p"], readsOutput: true)
        }

        /// Waits up to 5 seconds for `text` to show.
        @discardableResult
        func waitFor(_ text: String) throws -> String {
            var screen = ""
            for _ in 0..<50 {
                screen = try self.screen()
                if screen.contains(text) { return screen }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return screen
        }

        func stop() {
            _ = try? tmux(["kill-server"])
        }

        /// The last non-blank line of the screen once it shows `text`: the prompt line
        /// being edited.
        func promptLine(after text: String) throws -> String {
            let screen = try waitFor(text)
            let lines = screen.split(separator: "\n").map { String($0) }
            return lines.last { !$0.allSatisfy { $0 == " " } }.map { line in
                String(line.reversed().drop { $0 == " " }.reversed())
            } ?? ""
        }
    }

    private static func temporaryDirectory() throws -> URL {
        try TestSupport.temporaryDirectory("tty")
    }

    @Test(.enabled(if: tmux != nil, "needs tmux (apt-get install tmux; .ci/run installs it)"))
    func typingCompletionInterruptAndHistory() throws {
        let directory = try Self.temporaryDirectory()
        var terminal = Terminal(directory: directory)
        defer { terminal.stop() }
        try terminal.start()

        try terminal.type("push 3 5 + √", "Enter")
        #expect(try terminal.waitFor("√(3+5) = 2.8284271247461903").contains("√(3+5) = 2.8284271247461903"))

        try terminal.type("sq", "Tab")
        #expect(try terminal.waitFor("sqrt").contains("sqrt"))
        try terminal.type("C-u")

        // A file name completes through its directories, slashes and all (the word does
        // not break at '/' as an expression's does).
        // A short path, so the completed line fits the terminal's width.
        let short = URL(fileURLWithPath: "/tmp/gc-\(getpid())")
        defer { try? FileManager.default.removeItem(at: short) }
        let sessions = short.appendingPathComponent("saved/sessions")
        try FileManager.default.createDirectory(at: sessions, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: sessions.appendingPathComponent("trig-view.plist"))
        try terminal.type("load \(short.path)/saved/sess", "Tab", "Tab")
        let completed = try terminal.waitFor("saved/sessions/trig-view.plist")
        #expect(completed.contains("load \(short.path)/saved/sessions/trig-view.plist"), "\(completed)")
        try terminal.type("C-u")
        try terminal.type("C-u", "half-typed", "C-c")
        try terminal.type("6*7", "Enter")
        let answer = try terminal.waitFor("42")
        #expect(answer.contains("42"), "\(answer)")

        // The legend's line marker, which the typed line does not contain.
        try terminal.type("plot sin(x)", "Enter")
        let plot = try terminal.waitFor("── sin(x)")
        #expect(plot.contains("── sin(x)"))
        #expect(plot.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })

        try terminal.type("quit", "Enter")
        Thread.sleep(forTimeInterval: 0.5)
        let history = try String(contentsOf: directory.appendingPathComponent("history"), encoding: .utf8)
        #expect(history.contains("push 3 5 + √") && history.contains("6*7"))

        // A new session finds the history: Up twice recalls the line before quit, on the
        // prompt line itself.
        terminal.stop()
        terminal = Terminal(directory: directory)
        try terminal.start()
        try terminal.type("Up", "Up")
        #expect(try terminal.promptLine(after: "plot sin(x)") == "graphcalc> plot sin(x)")
    }

    @Test(.enabled(if: tmux != nil, "needs tmux (apt-get install tmux; .ci/run installs it)"))
    func ctrlCStopsACommandAndTheOutput() throws {
        let directory = try Self.temporaryDirectory()
        let terminal = Terminal(directory: directory)
        defer { terminal.stop() }
        try terminal.start()
        try terminal.type("table x --count 10000000", "Enter")
        Thread.sleep(forTimeInterval: 0.5)
        try terminal.type("C-c")
        #expect(try terminal.waitFor("error: interrupted").contains("error: interrupted"))
        // The output has stopped: the screen stays as it is.
        let settled = try terminal.screen()
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try terminal.screen() == settled)
        try terminal.type("6*7", "Enter")
        #expect(try terminal.waitFor("42").contains("42"))
    }

    @Test(.enabled(if: tmux != nil, "needs tmux (apt-get install tmux; .ci/run installs it)"))
    func zoomRedrawsAndCompletionKnowsFunctionsAndOptionValues() throws {
        let directory = try Self.temporaryDirectory()
        let terminal = Terminal(directory: directory)
        defer { terminal.stop() }
        try terminal.start()
        try terminal.type("wave(t) = sin(t)", "Enter")
        try terminal.type("plot wa", "Tab")
        #expect(try terminal.promptLine(after: "plot wave") == "graphcalc> plot wave")
        try terminal.type(" --size 60x12 --mode as", "Tab", "Enter")
        let plot = try terminal.waitFor("* wave(t) = sin(t)")
        #expect(plot.contains("* wave(t) = sin(t)"))
        try terminal.type("zoom 2", "Enter")
        // Redrawn at once, x from -5 to 5 now.
        let zoomed = try terminal.waitFor("view: x -5:5")
        #expect(zoomed.contains("view: x -5:5, y automatic"))
        let axis = try terminal.waitFor("   -4  ").split(separator: "\n").last { $0.contains("-4") }
        #expect(axis?.contains("-10") == false && axis?.contains("4") == true, "\(zoomed)")
    }

    /// A script that records the terminal's settings, runs `command`, and records its
    /// status and the settings again, then says "done". In a file, so that no shell
    /// between tmux and it expands `$?` early.
    private static func script(in directory: URL, _ command: String) throws -> String {
        let file = directory.appendingPathComponent("run.sh")
        let text = """
            cd \(directory.path)
            stty -a > before
            \(command)
            echo "status=$?" > status
            stty -a > after
            echo done

            """
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// Expects the `stty -a` the script saved before the command to equal the one after.
    static func expectSettingsKept(in directory: URL) throws {
        let before = try String(contentsOf: directory.appendingPathComponent("before"), encoding: .utf8)
        let after = try String(contentsOf: directory.appendingPathComponent("after"), encoding: .utf8)
        #expect(!before.isEmpty && before == after, "the terminal's settings changed")
    }

    /// Sends `signal` (`-TERM`, `-ILL`) with pkill to the processes whose command line matches.
    static func send(_ signal: String, toProcessesMatching pattern: String) throws {
        let pkill = Process()
        pkill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        pkill.arguments = [signal, "-f", pattern]
        try pkill.run()
        pkill.waitUntilExit()
    }

    /// A FIFO in `directory` that a command in the terminal reads through `cat` (a pipe),
    /// and the test writes lines into when it chooses.
    private static func stream(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("stream").path
        #expect(mkfifo(path, 0o600) == 0)
        return path
    }

    /// Starts `graphcalc ARGUMENTS` in the terminal (`width` × `height` cells) reading a
    /// stream through `cat` and a pipe, and returns the stream's writing end: opening it
    /// waits for `cat` to open the FIFO, so the command is starting by then.
    private static func following(
        _ arguments: String, in terminal: Terminal, width: Int, height: Int
    ) throws -> FileHandle {
        let directory = terminal.directory
        let fifo = try stream(in: directory)
        let environment = "HOME=\(directory.path) LANG=C.UTF-8 LC_ALL=C.UTF-8"
        let script = try script(
            in: directory, "cat \(fifo) | env \(environment) \(REPLTerminalTests.executable) \(arguments)")
        try terminal.tmux(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", "bash \(script); sleep 30"])
        return try #require(FileHandle(forWritingAtPath: fifo))
    }

    @Test(.enabled(if: tmux != nil, "needs tmux (apt-get install tmux; .ci/run installs it)"))
    func exploreFollowsAStreamThroughAPipeWithKeysFromTheTerminal() throws {
        let directory = try Self.temporaryDirectory()
        let terminal = Terminal(directory: directory)
        defer { terminal.stop() }
        let writer = try Self.following(
            "explore --data - --follow --window 50 --mode ascii", in: terminal, width: 90, height: 24)
        #expect(try terminal.waitFor("waiting for standard input").contains("waiting for standard input"))
        writer.write(Data("t,v\n1,1\n2,4\n".utf8))
        let two = try terminal.waitFor("2 rows")
        #expect(two.contains("2 rows  x 0.95:2.05"), "\(two)")
        // A line that is not data is skipped and said; the stream goes on.
        writer.write(Data("oops\n".utf8))
        writer.write(Data((3...80).map { "\($0),\($0 % 9)\n" }.joined().utf8))
        let moved = try terminal.waitFor("80 rows")
        // The view follows the last 50 rows (31…80, widened by a twentieth).
        #expect(moved.contains("80 rows, last 50, 1 skipped (line 4)  x 28.55:82.45"), "\(moved)")
        // Keys still work while it follows: zoomed, the view stays where it was put.
        try terminal.type("+")
        writer.write(Data("81,3\n".utf8))
        let zoomed = try terminal.waitFor("81 rows")
        #expect(zoomed.contains("81 rows, last 50, 1 skipped (line 4)  x 42.025:68.975"), "\(zoomed)")
        // The writer stops: said, and the view stays until q.
        try writer.close()
        #expect(try terminal.waitFor("ended").contains("81 rows, last 50, 1 skipped (line 4), ended"))
        try terminal.type("q")
        // What was skipped is said once the terminal is back.
        #expect(try terminal.waitFor("done").contains("skipped 1 row that is not data, the first on line 4"))
        try Self.expectSettingsKept(in: directory)
        #expect(try String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8) == "status=0\n")
    }

    @Test(.enabled(if: tmux != nil, "needs tmux (apt-get install tmux; .ci/run installs it)"))
    func plotFollowsAStreamRedrawingInPlace() throws {
        let directory = try Self.temporaryDirectory()
        let terminal = Terminal(directory: directory)
        defer { terminal.stop() }
        let writer = try Self.following(
            "plot --data - --follow --window 20 --size 60x12 --mode ascii", in: terminal, width: 80, height: 30)
        writer.write(Data("x,load\n1,5\n2,7\n3,6\n".utf8))
        let first = try terminal.waitFor("3 rows")
        #expect(first.contains("* load") && first.contains("3 rows\n"), "\(first)")
        writer.write(Data((4...40).map { "\($0),\($0 % 5)\n" }.joined().utf8))
        let later = try terminal.waitFor("40 rows")
        // Drawn over the first frame, not under it: one legend, one status line.
        #expect(later.components(separatedBy: "* load").count == 2, "\(later)")
        #expect(later.contains("40 rows, last 20") && !later.contains("3 rows\n"), "\(later)")
        try writer.close()
        #expect(try terminal.waitFor("done").contains("40 rows, last 20, ended"))
        #expect(try String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8) == "status=0\n")
    }

    @Test(.enabled(if: tmux != nil, "needs tmux (apt-get install tmux; .ci/run installs it)"))
    func exploreZoomsPansTracesSavesAndRestoresTheTerminal() throws {
        let directory = try Self.temporaryDirectory()
        let terminal = Terminal(directory: directory)
        defer { terminal.stop() }
        let environment = "HOME=\(directory.path) LANG=C.UTF-8 LC_ALL=C.UTF-8"
        let script = try Self.script(
            in: directory,
            "env \(environment) \(REPLTerminalTests.executable) explore 'sin(x)' 'x/4'")
        try terminal.tmux(["new-session", "-d", "-x", "100", "-y", "30", "bash \(script); sleep 30"])
        let start = try terminal.waitFor("? keys")
        #expect(start.contains("x -10:10  y auto  ? keys  q quit"), "\(start)")
        try terminal.type("+")
        #expect(try terminal.waitFor("x -5:5").contains("x -5:5  y auto"))
        try terminal.type("l")
        #expect(try terminal.waitFor("x -4:6").contains("x -4:6"))
        // The mouse wheel, as an SGR report, zooms about the pointer.
        try terminal.tmux(["send-keys", "-l", "\u{1B}[<64;50;15M"])
        #expect(try terminal.waitFor("x -3").contains("y auto"))
        try terminal.type("t")
        #expect(try terminal.waitFor("slope").contains("sin(x) = "))
        try terminal.type("s")
        #expect(try terminal.waitFor("saved graphcalc-explore-1.svg").contains("saved graphcalc-explore-1.svg"))
        try terminal.type("q")
        #expect(try terminal.waitFor("done").contains("done"))
        try Self.expectSettingsKept(in: directory)
        #expect(try String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8) == "status=0\n")
        let svg = try String(contentsOf: directory.appendingPathComponent("graphcalc-explore-1.svg"), encoding: .utf8)
        #expect(svg.contains("<svg") && svg.contains("sin(x)"))
    }

    @Test(.enabled(if: tmux != nil, "needs tmux (apt-get install tmux; .ci/run installs it)"))
    func sigtermRestoresTheTerminal() throws {
        let directory = try Self.temporaryDirectory()
        let terminal = Terminal(directory: directory)
        defer { terminal.stop() }
        let marker = "x-0.\(UInt32.random(in: 100_000...999_999))"
        let script = try Self.script(in: directory, "\(REPLTerminalTests.executable) explore '\(marker)'")
        try terminal.tmux(["new-session", "-d", "-x", "90", "-y", "25", "bash \(script); sleep 30"])
        #expect(try terminal.waitFor("? keys").contains("q quit"))
        try Self.send("-TERM", toProcessesMatching: "explore \(marker)")
        #expect(try terminal.waitFor("done").contains("done"))
        try Self.expectSettingsKept(in: directory)
        #expect(!(try terminal.screen()).contains("? keys"), "the alternate screen was left")
        // Then it ended as SIGTERM ends a process: 128 + 15.
        #expect(try String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8) == "status=143\n")
    }

    /// A mouse report past any terminal, then the trace cursor at the edge of the doubles:
    /// each trapped (SIGILL) and left the terminal in the view's modes.
    @Test(.enabled(if: tmux != nil, "needs tmux (apt-get install tmux; .ci/run installs it)"))
    func hostileInputNeitherTrapsNorLeavesTheTerminalChanged() throws {
        let directory = try Self.temporaryDirectory()
        let terminal = Terminal(directory: directory)
        defer { terminal.stop() }
        let script = try Self.script(in: directory, "\(REPLTerminalTests.executable) explore x --x -8e307:8e307")
        try terminal.tmux(["new-session", "-d", "-x", "90", "-y", "25", "bash \(script); sleep 30"])
        #expect(try terminal.waitFor("? keys").contains("q quit"))
        try terminal.tmux(["send-keys", "-l", "\u{1B}[<0;9223372036854775807;5M\u{1B}[<0;9223372036854775807;5m"])
        try terminal.type("t")
        #expect(try terminal.waitFor("slope").contains("x = "))
        try terminal.type("Right")
        try terminal.type("Left")
        try terminal.type("q")
        #expect(try terminal.waitFor("done").contains("done"))
        try Self.expectSettingsKept(in: directory)
        #expect(try String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8) == "status=0\n")
    }

    /// Were a trap still to happen, the terminal is put back before the process dies.
    @Test(.enabled(if: tmux != nil, "needs tmux (apt-get install tmux; .ci/run installs it)"))
    func aTrapStillRestoresTheTerminal() throws {
        let directory = try Self.temporaryDirectory()
        let terminal = Terminal(directory: directory)
        defer { terminal.stop() }
        let marker = "x-0.\(UInt32.random(in: 100_000...999_999))"
        let script = try Self.script(in: directory, "\(REPLTerminalTests.executable) explore '\(marker)' 2>/dev/null")
        try terminal.tmux(["new-session", "-d", "-x", "90", "-y", "25", "bash \(script); sleep 30"])
        #expect(try terminal.waitFor("? keys").contains("q quit"))
        try Self.send("-ILL", toProcessesMatching: "graphcalc explore \(marker)")
        #expect(try terminal.waitFor("done").contains("done"))
        try Self.expectSettingsKept(in: directory)
        #expect(!(try terminal.screen()).contains("? keys"), "the alternate screen was left")
        // It still dies of the signal: 128 + 4.
        #expect(try String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8) == "status=132\n")
    }

    @Test(.enabled(if: tmux != nil, "needs tmux (apt-get install tmux; .ci/run installs it)"))
    func exploreFromThePromptCarriesTheViewBack() throws {
        let directory = try Self.temporaryDirectory()
        let terminal = Terminal(directory: directory)
        defer { terminal.stop() }
        try terminal.start()
        try terminal.type("plot x^2 --x -2:2", "Enter")
        try terminal.type("explore", "Enter")
        #expect(try terminal.waitFor("? keys").contains("x -2:2  y auto"))
        try terminal.type("-", "-")
        #expect(try terminal.waitFor("x -8:8").contains("x -8:8"))
        try terminal.type("q")
        #expect(try terminal.waitFor("view: x -8:8").contains("view: x -8:8, y automatic"))
        try terminal.type("view", "Enter")
        let screen = try terminal.waitFor("graphcalc> view")
        #expect(screen.components(separatedBy: "view: x -8:8, y automatic").count == 3, "\(screen)")
    }

    /// A slider from the prompt: [ and ] move it in explore, the graph follows, and the
    /// value it ends on is the variable's at the prompt; --animate plays one until a key.
    @Test(.enabled(if: tmux != nil, "needs tmux (apt-get install tmux; .ci/run installs it)"))
    func aSliderMovesAVariableInExploreAndKeepsItsValue() throws {
        let directory = try Self.temporaryDirectory()
        let terminal = Terminal(directory: directory)
        defer { terminal.stop() }
        try terminal.start()
        try terminal.type("a = 1", "Enter", "slider a 0:3:1", "Enter", "plot a*sin(x) --x -4:4", "Enter")
        try terminal.type("explore", "Enter")
        let start = try terminal.waitFor("? keys")
        #expect(start.contains("a=1  x -4:4"), "\(start)")
        try terminal.type("]", "]")
        let moved = try terminal.waitFor("a=3  x")
        #expect(moved.contains("a=3  x -4:4"), "\(moved)")
        // The graph was drawn again for a = 3.
        #expect(moved.split(separator: "\n").dropLast() != start.split(separator: "\n").dropLast())
        try terminal.type("q")
        #expect(try terminal.waitFor("view: x").contains("a=3\nview: x"))
        try terminal.type("a + 0.5", "Enter")
        #expect(try terminal.waitFor("3.5").contains("3.5"))
        try terminal.type("explore '(sin(b*t), sin(4t))' --animate b=1:5 --aspect equal", "Enter")
        let playing = try terminal.waitFor("playing")
        #expect(playing.contains("b=") && playing.contains("playing"), "\(playing)")
        Thread.sleep(forTimeInterval: 0.5)
        let later = try terminal.screen()
        #expect(later != playing, "the animation did not move")
        try terminal.type("x")
        let stopped = try terminal.waitFor("log")
        #expect(!stopped.contains("playing"), "\(stopped)")
        try terminal.type("q")
        // The values the sliders ended on (the session's a, and b) are said back at the prompt.
        let back = try terminal.waitFor("\na=3, b=")
        #expect(back.contains("\na=3, b="), "\(back)")
    }

    @Test func theTourRunsAsAScript() throws {
        let tour = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("examples/tour.gcalc"), encoding: .utf8)
        let run = try GraphCalcProcess.run([], input: tour)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.isEmpty)
        #expect(
            run.output.contains("√(3+5) = 2.8284271247461903")
                && run.output.contains("sin(x) at x = 1: 0.8414709848078965"))
        #expect(run.output.contains("# 1 proved, 0 undecided, 8 excluded") && run.output.contains("\n25\n"))
        #expect(!run.output.contains("graphcalc>"))
    }

    @Test func aFailingScriptLineSetsTheStatusAndNamesTheLine() throws {
        let run = try GraphCalcProcess.run([], input: "1+1\n2+\n3+3\n")
        #expect(run.status == 1)
        #expect(run.output == "2\n6\n")
        #expect(run.error.hasPrefix("error: line 2: unexpected end of expression"))
    }
}
