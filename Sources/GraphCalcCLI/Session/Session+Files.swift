import CalculatorBrain
import GraphCalcSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Session {
    /// What a file held: a whole session, or a classic program array.
    public enum LoadedFile: Equatable, Sendable {
        /// A session dictionary, now the session.
        case session
        /// A program array, now the calculator's program.
        case program
    }

    /// Saves the whole session as a property-list dictionary, through a temporary file.
    ///
    /// - Throws: ``GraphCalcError/sessionFile(_:)``.
    public func write(toFile path: String) throws(GraphCalcError) {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        let data: Data
        do {
            data = try encoder.encode(SessionFile(self))
        } catch {
            throw .sessionFile("cannot encode the session: \(error)")
        }
        do {
            try FileSystem.writeAtomically(data, to: path)
        } catch {
            throw .sessionFile("cannot write '\(path)': \(error.reason)")
        }
    }

    /// Loads a session file, replacing the whole session, or a classic program file,
    /// replacing just the program. Nothing changes when the file is wrong.
    ///
    /// - Throws: ``GraphCalcError/programFile(_:)`` or ``GraphCalcError/sessionFile(_:)``,
    ///   naming the file and what is wrong.
    public mutating func load(file path: String) throws(GraphCalcError) -> LoadedFile {
        let data: Data
        do {
            data = try FileSystem.read(path)
        } catch {
            throw .programFile(.cannotRead(file: path, reason: error.reason))
        }
        return try load(data, from: path)
    }

    /// Loads the bytes of a session file or a classic program file, read from `path`
    /// (named in errors), as ``load(file:)`` does.
    ///
    /// - Throws: ``GraphCalcError/programFile(_:)`` or ``GraphCalcError/sessionFile(_:)``.
    public mutating func load(_ data: Data, from path: String) throws(GraphCalcError) -> LoadedFile {
        do {
            brain.program = try Program(propertyListData: data, file: path)
            return .program
        } catch ProgramFileError.notAnArray(_, found: .dictionary) {
            // A session: read below.
        } catch {
            throw .programFile(error)
        }
        // Only what graphcalc writes is decoded: XML, read by a reader whose nesting is
        // bounded, so that a hostile file cannot exhaust the stack.
        guard data.starts(with: Array("bplist".utf8)) == false else {
            throw .sessionFile("'\(path)': a session file is an XML property list, and this is a binary one")
        }
        let file: SessionFile
        do {
            let value = try PropertyListValue(xml: [UInt8](data), maximumDepth: Self.maximumNesting)
            file = try PropertyListValueDecoder.decode(SessionFile.self, from: value)
        } catch let error as ProgramFileError {
            guard case .notAPropertyList(_, let reason) = error else { throw .programFile(error) }
            throw .sessionFile("'\(path)' is not a graphcalc session: \(reason)")
        } catch let error as DecodingError {
            throw .sessionFile("'\(path)' is not a graphcalc session: \(Self.describe(error))")
        } catch {
            throw .sessionFile("'\(path)' is not a graphcalc session: \(error)")
        }
        do {
            self = try file.session()
        } catch {
            throw .sessionFile("'\(path)': \(error.message)")
        }
        return .session
    }

    /// How deeply a session's elements may nest, `<plist>` and scalars included (a session needs 6).
    static let maximumNesting = 16

    /// A decoding error as a user reads it: where in the file, and what was wrong.
    private static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            var text = ""
            for key in path {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? "the top level" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : place(context.codingPath) + ": "
            return "\(parent)'\(key.stringValue)' is missing"
        case .typeMismatch(let type, let context):
            return "\(place(context.codingPath)): expected \(Self.kind(type))"
        case .valueNotFound(let type, let context):
            return "\(place(context.codingPath)): expected \(Self.kind(type))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "the property list is damaged" : "\(place(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is [Any].Type: "an array"
        default: "a dictionary"
        }
    }
}
