/// The page's style sheet, served as `/page.css`: readable type, large targets, visible focus, the system's dark
/// mode and reduced motion.
enum PageStyle {
    static let source = """
    :root { color-scheme: light dark; --text: #1d1d1f; --page: #fbfaf7; --panel: #ffffff; --accent: #b5541b;
      --good: #1f7a33; --bad: #b3261e; --dim: #6b6b6b; --focus: #1a5fb4; }
    @media (prefers-color-scheme: dark) {
      :root { --text: #ececec; --page: #1b1b1d; --panel: #26262a; --accent: #f0a061; --good: #7bd88f;
        --bad: #ff8a80; --dim: #a0a0a0; --focus: #8ab4f8; }
      svg.picture { filter: invert(0.88) hue-rotate(180deg); }
    }
    * { box-sizing: border-box; }
    body { margin: 0 auto; max-width: 60rem; padding: 1rem; font: 1.05rem/1.5 system-ui, sans-serif;
      color: var(--text); background: var(--page); }
    header { display: flex; align-items: baseline; gap: 1rem; flex-wrap: wrap; }
    h1 { font-size: 1.4rem; margin: 0.2rem 0; flex: 1; }
    .status, .hints, .dim, .allowed { color: var(--dim); }
    .hints { font-size: 0.9rem; border-top: 1px solid var(--dim); padding-top: 0.5rem; }
    .centered { text-align: center; }
    .bold { font-weight: bold; }
    .accent { color: var(--accent); font-weight: bold; }
    .good { color: var(--good); font-weight: bold; }
    .bad { color: var(--bad); font-weight: bold; }
    .blank { height: 0.8rem; }
    .buttons, .tuner { text-align: center; }
    .warning { color: var(--bad); font-weight: bold; }
    button, select, input { font: inherit; min-height: 2.6rem; padding: 0.3rem 1rem; }
    button { border-radius: 0.4rem; border: 1px solid var(--dim); background: var(--panel); color: var(--text); cursor: pointer; }
    .buttons button { min-width: 10rem; font-size: 1.2rem; }
    button:disabled { opacity: 0.45; cursor: default; }
    :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
    .menu { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 0.5rem; }
    .menu button { width: 100%; text-align: left; }
    .menu button[aria-current="true"] { border-color: var(--accent); }
    kbd { font-family: ui-monospace, monospace; color: var(--accent); }
    input[type="range"] { width: min(30rem, 80vw); vertical-align: middle; }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.3rem 1rem; }
    dt { font-weight: bold; }
    dd { margin: 0; }
    pre { white-space: pre-wrap; font-family: ui-monospace, monospace; font-size: 0.9rem; }
    figure.chart { margin: 1rem 0; }
    form.import { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; margin-top: 1.5rem; }
    svg.picture { width: 100%; height: auto; background: white; }
    .settings { padding-left: 1.5rem; }
    .settings li { margin-bottom: 0.8rem; }
    .settings label { display: inline-block; min-width: 22rem; }
    .announce { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    @media (prefers-reduced-motion: reduce) { * { transition: none !important; animation: none !important; } }
    """
}
