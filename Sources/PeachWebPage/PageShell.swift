import PeachText

/// The page the browser loads once: its language, the style and script (its own, nothing from elsewhere), the
/// `<main>` the event stream fills, and the words the script needs, in the user's language.
public enum PageShell {
    public static func html(language: Language = Localization.current, firstScreen: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="\(language.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>Peach</title>
        <link rel="stylesheet" href="/page.css">
        <script src="/page.js" defer></script>
        </head>
        <body data-lost="\(HTMLText.escape(tr(.pageConnectionLost)))">
        <p id="connection" class="warning" role="alert" hidden></p>
        <main id="screen">\(firstScreen)</main>
        <noscript><p class="warning">\(HTMLText.escape(tr(.pageNoScript)))</p></noscript>
        </body>
        </html>

        """
    }
}
