/// The page's script, served as `/page.js` (the Content-Security-Policy allows no inline script). Plain JavaScript:
/// it follows the event stream, morphing `<main>` so focus and a dragged slider survive a redraw; sends keys and
/// clicks as the terminal's key presses; moves of the tuning slider as relative cents; settings edits as forms.
enum PageScript {
    static let source = #"""
    "use strict";
    const screen = document.getElementById("screen");
    const connection = document.getElementById("connection");

    function send(fields) {
      const body = new URLSearchParams(fields).toString();
      fetch("/input", { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } })
        .catch(() => showLost());
    }

    function showLost() {
      connection.textContent = document.body.dataset.lost;
      connection.hidden = false;
    }

    // Redraws keep every element that is still there, so focus, a slider being dragged and a half-typed value stay.
    function morph(into, html) {
      const template = document.createElement("template");
      template.innerHTML = html;
      patch(into, template.content);
    }

    function sameKind(a, b) {
      return a.nodeType === b.nodeType && a.nodeName === b.nodeName && (a.id || "") === (b.id || "") &&
        (a.nodeType !== 1 || a.getAttribute("data-tuner") === b.getAttribute("data-tuner"));
    }

    function patch(parent, source) {
      const olds = Array.from(parent.childNodes), news = Array.from(source.childNodes);
      news.forEach((node, index) => {
        const old = olds[index];
        if (!old) { parent.appendChild(node); return; }
        if (!sameKind(old, node)) { parent.replaceChild(node, old); return; }
        if (node.nodeType !== 1) { if (old.nodeValue !== node.nodeValue) old.nodeValue = node.nodeValue; return; }
        for (const attribute of Array.from(old.attributes)) {
          if (!node.hasAttribute(attribute.name)) old.removeAttribute(attribute.name);
        }
        for (const attribute of Array.from(node.attributes)) {
          if (old.getAttribute(attribute.name) !== attribute.value) old.setAttribute(attribute.name, attribute.value);
        }
        const editing = old === document.activeElement && (old.tagName === "INPUT" || old.tagName === "SELECT");
        const keeps = old.type === "range" || old.type === "file" || old.type === "checkbox";
        if (old.tagName === "INPUT" && !keeps && !editing) old.value = node.getAttribute("value") || "";
        if (old.tagName === "SELECT" && !editing) patch(old, node), old.value = (node.querySelector("option[selected]") || {}).value;
        else patch(old, node);
      });
      for (let index = news.length; index < olds.length; index++) parent.removeChild(olds[index]);
    }

    const events = new EventSource("/events");
    events.addEventListener("screen", (event) => { morph(screen, event.data); connection.hidden = true; });
    events.addEventListener("open", () => { connection.hidden = true; });
    events.addEventListener("error", () => showLost());

    function keyName(event) {
      if (event.ctrlKey || event.metaKey || event.altKey) return null;
      if (event.key.startsWith("Arrow")) return (event.shiftKey ? "Shift+" : "") + event.key;
      const named = ["Enter", "Escape", "Backspace", "Delete", "Home", "End", "PageUp", "PageDown"];
      if (named.includes(event.key)) return event.key;
      return event.key.length === 1 ? event.key : null;
    }

    // The terminal's keys, except where the focused control takes them (typing, a slider, a button's Enter).
    document.addEventListener("keydown", (event) => {
      const target = event.target;
      const typing = target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA";
      if (typing && event.key !== "Escape") return;
      if ((target.tagName === "BUTTON" || target.tagName === "A" || target.tagName === "SUMMARY") &&
          (event.key === "Enter" || event.key === " ")) return;
      const name = keyName(event);
      if (!name) return;
      event.preventDefault();
      send({ key: name });
    });

    document.addEventListener("click", (event) => {
      const control = event.target.closest("[data-key], [data-choose], [data-reset]");
      if (!control || control.disabled) return;
      if (control.dataset.key !== undefined) send({ key: control.dataset.key });
      else if (control.dataset.choose !== undefined) send({ choose: control.dataset.choose });
      else send({ reset: control.dataset.reset });
    });

    // An import sends the chosen file whole; what it said arrives with the next screen.
    document.addEventListener("submit", (event) => {
      const upload = event.target.closest("form[data-upload]");
      if (!upload) return;
      event.preventDefault();
      const file = upload.elements.file.files[0];
      if (!file) return;
      const address = upload.dataset.upload + (upload.elements.partial.checked ? "?partial=1" : "");
      fetch(address, { method: "POST", body: file, headers: { "Content-Type": "text/csv" } }).catch(() => showLost());
    });

    document.addEventListener("submit", (event) => {
      const form = event.target.closest("form[data-setting]");
      if (!form) return;
      event.preventDefault();
      send({ setting: form.dataset.setting, value: form.elements.value.value });
    });

    // The slider is relative: each move sends how far it moved since the last one, never a position.
    const tunerPositions = new WeakMap();
    document.addEventListener("input", (event) => {
      const slider = event.target;
      if (!slider.matches("input[data-tuner]")) return;
      const last = tunerPositions.has(slider) ? tunerPositions.get(slider) : 0;
      const now = Number(slider.value);
      tunerPositions.set(slider, now);
      if (now !== last) send({ adjust: String(now - last) });
    });
    """#
}
