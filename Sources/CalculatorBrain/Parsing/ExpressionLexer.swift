/// Splits an infix expression into tokens.
///
/// Numbers are decimal with an optional exponent (`1e-3`, `1e−3` with a Unicode minus);
/// an `e` not followed by digits is the constant e, so `2e` is 2×e. Names are a letter or `_` followed by
/// letters, ASCII digits and `_`; `π` always stands alone. ASCII and Unicode operator
/// spellings are both accepted: `-` `−`, `*` `×` `·`, `/` `÷`, `^` `**`, `sqrt` `√`,
/// `cbrt` `∛`, `<=` `≤`, `>=` `≥`, `=` `==`, `!=` `<>` `≠`, `and` `∧`, `or` `∨`, `not` `¬`;
/// `!` after an operand is its factorial (but `!=` is "not equal"); `|x|` is `abs(x)`.
struct ExpressionLexer {
    private let characters: [Character]
    private var index = 0

    private init(_ text: String) {
        characters = Array(text)
    }

    static func tokens(of text: String) throws(ExpressionError) -> [Token] {
        var lexer = ExpressionLexer(text)
        var tokens: [Token] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    /// Whether `character` can begin a name: a letter, not `π`, and not a combining mark,
    /// which would fuse with the character written before it (`×` then U+0611 is one
    /// character), so that a description could not be read back.
    static func startsName(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        switch first.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: return (character.isLetter && character != "π") || character == "_"
        }
    }

    static func continuesName(_ character: Character) -> Bool {
        startsName(character) || character.isASCIIDigit
    }

    private mutating func next() throws(ExpressionError) -> Token {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
        let start = index
        guard index < characters.count else { return Token(kind: .end, offset: start, text: "") }
        let character = characters[index]
        index += 1
        func token(_ kind: Token.Kind) -> Token {
            Token(kind: kind, offset: start, text: String(characters[start..<index]))
        }
        switch character {
        case "0"..."9", ".":
            return try number(from: start)
        case "π": return token(.pi)
        case "∞": return token(.infinity)
        case "+": return token(.plus)
        case "-", "−": return token(.minus)
        case "*":
            if peek() == "*" {
                index += 1
                return token(.power)
            }
            return token(.times)
        case "×", "·": return token(.times)
        case "/", "÷": return token(.divide)
        case "^": return token(.power)
        case "√": return token(.root(.squareRoot))
        case "∛": return token(.root(.cubeRoot))
        case "!":
            if peek() == "=" {
                index += 1
                return token(.infix(.notEqual))
            }
            return token(.postfix(.factorial))
        case "<":
            if let next = peek(), next == "=" || next == ">" {
                index += 1
                return token(.infix(next == "=" ? .lessOrEqual : .notEqual))
            }
            return token(.infix(.less))
        case ">":
            if peek() == "=" {
                index += 1
                return token(.infix(.greaterOrEqual))
            }
            return token(.infix(.greater))
        case "=":
            if peek() == "=" { index += 1 }
            return token(.infix(.equal))
        case "≤": return token(.infix(.lessOrEqual))
        case "≥": return token(.infix(.greaterOrEqual))
        case "≠": return token(.infix(.notEqual))
        case "∧": return token(.infix(.conjunction))
        case "∨": return token(.infix(.disjunction))
        case "¬": return token(.not)
        case "±": return token(.plusMinus)
        case "²": return token(.postfix(.square))
        case "⁻":
            guard peek() == "¹" else { throw .unexpectedCharacter(character, offset: start) }
            index += 1
            return token(.postfix(.reciprocal))
        case "(": return token(.leftParenthesis)
        case ")": return token(.rightParenthesis)
        case "|": return token(.bar)
        case ",": return token(.comma)
        default:
            guard Self.startsName(character) else { throw .unexpectedCharacter(character, offset: start) }
            while index < characters.count, Self.continuesName(characters[index]) { index += 1 }
            // Primes after a name: a function's derivative (f').
            while index < characters.count, characters[index] == "'" { index += 1 }
            let name = String(characters[start..<index])
            switch name {
            case "and": return token(.infix(.conjunction))
            case "or": return token(.infix(.disjunction))
            case "not": return token(.not)
            default: return token(.name(name))
            }
        }
    }

    private func peek(_ distance: Int = 0) -> Character? {
        index + distance < characters.count ? characters[index + distance] : nil
    }

    private mutating func skipDigits() {
        while let character = peek(), character.isASCIIDigit { index += 1 }
    }

    /// Reads `digits [. digits] [e [±] digits]`; the first character is already consumed.
    private mutating func number(from start: Int) throws(ExpressionError) -> Token {
        skipDigits()
        if characters[start] != ".", peek() == "." { index += 1 }
        skipDigits()
        if let marker = peek(), marker == "e" || marker == "E" {
            let hasSign = peek(1) == "+" || peek(1) == "-" || peek(1) == "−"
            if let digit = peek(hasSign ? 2 : 1), digit.isASCIIDigit {
                index += hasSign ? 2 : 1
                skipDigits()
            }
        }
        let text = String(characters[start..<index])
        guard let value = Double(String(text.map { $0 == "−" ? "-" : $0 })), value.isFinite, text != "." else {
            if text == "." { throw .unexpectedCharacter(".", offset: start) }
            throw .invalidNumber(text, offset: start)
        }
        return Token(kind: .number(value), offset: start, text: text)
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
