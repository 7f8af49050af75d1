import PeachConfigFiles
import PeachPresentation
import PeachStore
import PeachText
import PeachTrainer
import PeachWeb
import PeachWebPage
import PeachWebServer

/// Step 10 for `peach web`: the page (served since step 2, `EarlyPage`) taken over by the trainer: its screens drawn
/// on it, what it sends as the trainer's input, imports through the trainer's store; Ctrl-C in the terminal still
/// ends Peach.
extension TrainingApp {
    static func makePageInterface(_ page: EarlyPage, context: Context, controller: TrainerController, store: TrainingStore,
                                  configuration: LiveConfiguration, info: @escaping @MainActor () -> InfoScreenModel,
                                  controllerStatus: DeviceStatus, logger: ConsoleLogger) -> Interface {
        let importer = PageImporter(store: store, directory: context.dataDirectory, controller: controller)
        page.bind(pageRoutes(context, controller: controller, configuration: configuration, importer: importer, page: page.sent))
        let navigator = ScreenNavigator(configuration: configuration, info: info, controllerStatus: { controllerStatus })
        let web = WebInterface(navigator: navigator, noteRange: { configuration.configuration.coreTrainingSettings.noteRange },
                               publish: { page.publish($0) })
        importer.web = web
        let pump = InputPump.start(.signalsOnly, logger: logger)
        return Interface(trainerInterface: web, input: page.input, signals: pump.signals) { page.close() }
    }

    /// The page's addresses: what it sends goes into the trainer's input; the downloads read the data directory; an
    /// import goes through the trainer's store.
    static func pageRoutes(_ context: Context, controller: TrainerController, configuration: LiveConfiguration,
                           importer: PageImporter, page: AsyncStream<UserInput>.Continuation) -> PageRoutes {
        let directory = context.dataDirectory
        let range = configuration.configuration.coreTrainingSettings.noteRange
        return PageRoutes(profileJSON: { PageDownloads.profileJSON(controller, range: range) },
                          exportCSV: { PageDownloads.csv(directory) },
                          importCSV: PageImporter.importing(importer),
                          input: { page.yield(.page($0)) })
    }

    /// The server's limits, with the import's larger body (as large as `peach import` reads) for a client already let in.
    static let pageLimits = LocalPageServer.Limits(http: HTTPLimits(upload: HTTPLimits.Upload(path: PageRoutes.importPath,
                                                                                                bodyBytes: ImportCommand.sizeLimit)))

    /// Prints the address (it holds this run's secret: the terminal shows it, no log does) and opens the browser when
    /// asked and a desktop is there; the redirect file to remove at the end, if one was written.
    static func announce(_ url: String, request: WebRequest, context: Context) -> String? {
        context.console.out(tr(.webServing, ["url": url]) + "\n")
        guard request.openBrowser else { return nil }
        let redirect = BrowserOpener.open(url, environment: context.environment, fallbackDirectory: context.dataDirectory.path)
        if redirect != nil { context.console.out(tr(.webOpening) + "\n") }
        return redirect
    }
}
