import PeachCore
@testable import PeachDisciplines
import PeachPresentation
@testable import PeachTerminal
import Testing

@Suite struct LineEditorAndScreenTests {
    @Test func lineEditorTypesDeletesCommitsAndCancels() {
        var editor = LineEditor(text: "C")
        #expect(editor.handle(.character("#")) == .editing)
        #expect(editor.handle(.character("3")) == .editing)
        #expect(editor.handle(.character("x")) == .editing)
        #expect(editor.handle(.backspace) == .editing)
        #expect(editor.text == "C#3")
        #expect(editor.handle(.arrow(.left)) == .editing)
        #expect(editor.handle(.enter) == .commit("C#3"))
        var other = LineEditor(text: "abc", maximumLength: 4)
        _ = other.handle(.character("d"))
        _ = other.handle(.character("e"))
        #expect(other.text == "abcd")
        #expect(other.handle(.control("u")) == .editing)
        #expect(other.text == "")
        #expect(other.handle(.escape) == .cancel)
    }

    @Test func screenEnumRendersTheSameAsTheScreenAndFramesIt() {
        let model = ComparisonScreenModel(phase: .awaitingAnswer, canAnswer: true)
        let size = TerminalSize(columns: 100, rows: 30)
        let style = Styler(.color)
        #expect(Screen.training(ComparisonScreen.describe(model)).render(size: size, style: style) == ComparisonScreen.render(model, size: size, style: style))
        let frame = Screen.training(ComparisonScreen.describe(model)).frame(size: size, style: style)
        #expect(frame.hasPrefix(ANSI.home))
        #expect(frame.components(separatedBy: "\r\n").count == 30)
    }
}
