import PeachPresentation
import PeachWeb
@testable import PeachWebPage
import Testing

/// What the page posts becomes the trainer's input, or a 400 that says what to send; keys round-trip by their names.
@Suite struct PageRequestTests {
    @Test(arguments: [("key=ArrowUp", PageInput.key(.arrow(.up))), ("key=Shift%2BArrowLeft", .key(.arrow(.left, .shift))),
                      ("key=h", .key(.character("h"))), ("key=+", .key(.character(" "))), ("key=Escape", .key(.escape)),
                      ("choose=3", .choose(3)), ("adjust=-2.5", .adjust(-2.5)), ("setting=4&value=on", .setting(row: 4, text: "on")),
                      ("setting=1&value=%C3%A4+b", .setting(row: 1, text: "ä b")), ("reset=7", .resetSetting(row: 7))])
    func aFormBecomesItsInput(form: String, input: PageInput) throws {
        #expect(try PageRequest.input(fromForm: form).get() == input)
    }

    @Test(arguments: ["", "key=F13", "key=ab", "key=%0A", "choose=-1", "choose=x", "adjust=nan", "adjust=1e9",
                      "setting=2", "key=%ZZ", "key=%C3", "what=1"])
    func anythingElseIsRefusedWithAReason(form: String) {
        guard case .failure(let error) = PageRequest.input(fromForm: form) else {
            Issue.record("\(form) was taken")
            return
        }
        #expect(!error.description.isEmpty)
    }

    @Test func everyKeyAPageCanPressHasANameThatReadsBack() {
        let keys: [Key] = [.character("h"), .character("1"), .space, .enter, .escape, .backspace, .tab, .delete, .home, .end,
                           .pageUp, .pageDown, .arrow(.up), .arrow(.down), .arrow(.left, .shift), .arrow(.right, .shift)]
        for key in keys {
            let name = WebKeyName.name(key)
            #expect(name != nil && WebKeyName.key(name!) == key, "\(key)")
        }
        #expect(WebKeyName.name(.control("c")) == nil && WebKeyName.name(.alt("x")) == nil)
    }

    @Test func theRoutesServeThePageAndTakeInput() {
        final class Received: @unchecked Sendable { var inputs: [PageInput] = [] }
        let received = Received()
        let routes = PageRoutes(profileJSON: { "{}" }, exportCSV: { .success("a,b\n") }, importCSV: { _, _ in (.ok, "") },
                                input: { received.inputs.append($0) })
        let page = routes.answer(HTTPRequest(method: "GET", target: "/"))
        #expect(page.status == .ok && String(decoding: page.body, as: UTF8.self).contains("<main id=\"screen\">"))
        #expect(routes.answer(HTTPRequest(method: "GET", target: "/page.js")).headers.contains(HTTPHeader("Content-Type", "text/javascript; charset=utf-8")))
        #expect(routes.answer(HTTPRequest(method: "GET", target: "/page.css")).status == .ok)
        #expect(routes.answer(HTTPRequest(method: "GET", target: "/export.csv")).body == Array("a,b\n".utf8))
        #expect(routes.answer(HTTPRequest(method: "POST", target: "/input", body: Array("key=h".utf8))).status == .noContent)
        #expect(routes.answer(HTTPRequest(method: "POST", target: "/input", body: Array("key=F13".utf8))).status == .badRequest)
        #expect(routes.answer(HTTPRequest(method: "GET", target: "/input")).status == .methodNotAllowed)
        #expect(routes.answer(HTTPRequest(method: "POST", target: "/")).status == .methodNotAllowed)
        #expect(routes.answer(HTTPRequest(method: "GET", target: "/etc/passwd")).status == .notFound)
        #expect(received.inputs == [.key(.character("h"))])
    }

    /// The Profile page's import: the file's bytes and the partial box reach the importer, whose status and words are
    /// the answer; only a POST takes it.
    @Test func anImportPostsTheFileAndAnswersWhatTheImporterSaid() {
        final class Received: @unchecked Sendable { var imports: [([UInt8], Bool)] = [] }
        let received = Received()
        let routes = PageRoutes(profileJSON: { "{}" }, exportCSV: { .failure(PageFailure("cannot read the training history: denied")) }, importCSV: { csv, partial in
            received.imports.append((csv, partial))
            return csv.isEmpty ? (.badRequest, "The file is empty.") : (.ok, "3 records imported")
        }, input: { _ in })
        let imported = routes.answer(HTTPRequest(method: "POST", target: "/import?partial=1", body: Array("a,b\n".utf8)))
        #expect(imported.status == .ok && String(decoding: imported.body, as: UTF8.self) == "3 records imported\n")
        let refused = routes.answer(HTTPRequest(method: "POST", target: "/import"))
        #expect(refused.status == .badRequest && String(decoding: refused.body, as: UTF8.self).contains("empty"))
        #expect(received.imports.map(\.0) == [Array("a,b\n".utf8), []] && received.imports.map(\.1) == [true, false])
        #expect(routes.answer(HTTPRequest(method: "GET", target: "/import")).status == .methodNotAllowed)
        let unread = routes.answer(HTTPRequest(method: "GET", target: "/export.csv"))
        #expect(unread.status == .internalServerError && String(decoding: unread.body, as: UTF8.self).contains("denied"),
                "an unreadable history is said, not an empty file")
        #expect(received.imports.count == 2)
    }

    @Test func theProfilePageOffersTheImportAndShowsWhatItSaid() {
        let model = ProfilePageModel(summary: [], sections: [], svg: "<svg/>", importNote: "2 records <imported>")
        let html = ScreenHTML.render(model)
        #expect(html.contains("<form class=\"import\" data-upload=\"/import\">") && html.contains("type=\"file\" name=\"file\""))
        #expect(html.contains("name=\"partial\"") && html.contains("role=\"status\""))
        #expect(html.contains("2 records &lt;imported&gt;"))
        #expect(PageScript.source.contains("form[data-upload]"))
    }

    /// Before the trainer exists the page itself is served and anything else says Peach is starting; bound, the
    /// trainer's routes answer everything.
    @Test func theRouterServesThePageWhileStartingAndTheTrainersRoutesOnceBound() {
        let router = PageRouter()
        #expect(router.answer(HTTPRequest(method: "GET", target: "/")).status == .ok)
        #expect(router.answer(HTTPRequest(method: "GET", target: "/page.js")).status == .ok)
        let early = router.answer(HTTPRequest(method: "POST", target: "/input", body: Array("key=h".utf8)))
        #expect(early.status == .serviceUnavailable && String(decoding: early.body, as: UTF8.self).contains("still starting"))
        #expect(router.answer(HTTPRequest(method: "GET", target: "/export.csv")).status == .serviceUnavailable)
        router.bind(PageRoutes(profileJSON: { "{}" }, exportCSV: { .success("a\n") }, importCSV: { _, _ in (.ok, "") }, input: { _ in }))
        #expect(router.answer(HTTPRequest(method: "POST", target: "/input", body: Array("key=h".utf8))).status == .noContent)
        #expect(router.answer(HTTPRequest(method: "GET", target: "/export.csv")).body == Array("a\n".utf8))
        let starting = StartingHTML.render(["Starting FluidSynth <sf2>", "Calibrating: step 3 of 12"])
        #expect(starting.contains("Starting FluidSynth &lt;sf2&gt;\nCalibrating: step 3 of 12") && starting.contains("aria-live"))
        #expect(!starting.contains("class=\"back\""), "nothing to go back to while starting")
    }

    @Test func thePageLoadsNothingFromElsewhereAndNoInlineScript() {
        let html = PageShell.html()
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("//cdn"))
        #expect(html.contains("<script src=\"/page.js\" defer></script>"))
        #expect(!html.contains("<script>") && !html.contains(" onclick="))
        #expect(!PageScript.source.contains("http") && !PageScript.source.contains("eval("))
    }
}
