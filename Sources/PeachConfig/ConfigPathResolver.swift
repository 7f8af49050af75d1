/// Where the configuration file is: `--config FILE`, else `$XDG_CONFIG_HOME/peach/peach.conf`,
/// else `~/.config/peach/peach.conf`. Pure: the caller passes the environment.
public enum ConfigPathResolver {
    public static func resolve(commandLinePath: String?, environment: [String: String]) -> String? {
        if let commandLinePath, !commandLinePath.isEmpty { return commandLinePath }
        // The XDG spec says relative paths in XDG_* are invalid and must be ignored.
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return join(xdg, "peach/peach.conf")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return join(home, ".config/peach/peach.conf")
        }
        return nil
    }

    private static func join(_ directory: String, _ relative: String) -> String {
        (directory.hasSuffix("/") ? String(directory.dropLast()) : directory) + "/" + relative
    }
}
