import Testing
import PeachStore
import PeachDisciplines
import PeachTestSupport

@Suite struct DataDirectoryTests {
    @Test func explicitValueWinsOverEverything() throws {
        let env = ["PEACH_DATA_DIR": "/env", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
        #expect(try DataDirectory.resolve(explicit: "/flag/", environment: env).path == "/flag")
    }

    @Test func environmentOverrideBeatsXDG() throws {
        let env = ["PEACH_DATA_DIR": "/env", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
        #expect(try DataDirectory.resolve(explicit: nil, environment: env).path == "/env")
    }

    @Test func xdgDataHomeGetsPeachSubdirectory() throws {
        let env = ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
        #expect(try DataDirectory.resolve(explicit: "", environment: env).logPath == "/xdg/peach/training.log")
    }

    @Test func relativeXDGIsIgnoredAndHomeDefaultUsed() throws {
        let env = ["XDG_DATA_HOME": "relative", "HOME": "/home/u", "PEACH_DATA_DIR": ""]
        #expect(try DataDirectory.resolve(explicit: nil, environment: env).path == "/home/u/.local/share/peach")
    }

    @Test func nothingSetIsAnErrorThatNamesTheFlag() {
        #expect(throws: DataDirectoryError.noLocation) { try DataDirectory.resolve(explicit: nil, environment: [:]) }
        #expect(DataDirectoryError.noLocation.description.contains("--data-dir"))
    }
}
