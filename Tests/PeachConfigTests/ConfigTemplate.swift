@testable import PeachConfig
import PeachDisciplines

/// The documented default configuration, generated from the schema: every key with its comment,
/// allowed values and default. `config/peach.conf` in the repository must be exactly this text
/// (`ConfigFileTests` keeps them equal); Peach itself never writes it.
enum ConfigTemplate {
    static let header = """
    # Peach configuration file.
    #
    # Peach reads --config FILE, else $XDG_CONFIG_HOME/peach/peach.conf, else ~/.config/peach/peach.conf.
    # Every key is optional: a missing key uses the default shown here. An invalid value is reported
    # (file, line, key, value and what is allowed) and replaced by its default: Peach always starts.
    # Changes are picked up while Peach runs, from the next trial on.
    #
    # Syntax: `key = value` lines in [sections]; `#` starts a comment (after a space when it follows
    # a value). Put a value in "double quotes" to keep spaces or a `#` in it.
    """

    static var text: String {
        var lines = header.components(separatedBy: "\n")
        var section = ""
        for key in Disciplines.schema.keys {
            if key.section != section {
                section = key.section
                lines += ["", "[\(section)]"]
            } else {
                lines.append("")
            }
            lines.append("# " + key.documentation)
            if case .text(let emptyMeans) = key.kind, key.defaultValue == .text("") {
                lines.append("# Default: empty (\(emptyMeans)).")
            } else {
                lines.append("# Allowed: \(key.kind.allowedDescription). Default: \(key.defaultValue).")
            }
            lines.append(ConfigWriter.entryLine(key, key.defaultValue))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
