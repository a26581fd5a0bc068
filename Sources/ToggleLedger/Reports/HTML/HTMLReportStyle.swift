/// The fixed parts of the HTML report: the style sheet, the shared SVG patterns and the
/// small script that sorts tables. Nothing here comes from the log.
///
/// Colours are the Okabe–Ito palette, which readers with any common colour-vision deficiency
/// tell apart, and each stage also has its own texture (dots, hatching, solid) and a
/// different lightness, so the timeline still reads in grey-scale print; every mark also has
/// a text label or title.
enum HTMLReportStyle {
    /// Charts are never drawn narrower than their own 1,100 units: in a narrower window (800
    /// px) their section scrolls sideways instead, so their 11 px text stays 11 px and readable.
    /// Table cells break long owners and paths anywhere (names stay whole) so that the page
    /// itself never scrolls sideways.
    static let css = """
        :root { color-scheme: light; --ink: #1a1a1a; --muted: #555; --rule: #ccc; --band: #f4f4f4;
          --dev: #56B4E9; --partial: #E69F00; --launched: #0072B2; --overdue: #D55E00; --mark: #F0E442; }
        * { box-sizing: border-box; }
        body { margin: 0 auto; max-width: 1200px; padding: 16px 24px 40px; color: var(--ink); background: #fff;
          font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        h1 { font-size: 1.6em; margin: .2em 0; } h2 { font-size: 1.25em; margin: 1.6em 0 .4em; border-bottom: 1px solid var(--rule); }
        h3 { font-size: 1em; margin: 1em 0 .2em; }
        p.meta, p.note { color: var(--muted); margin: .2em 0 .6em; }
        code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .92em; }
        .figures { display: flex; flex-wrap: wrap; gap: 10px; margin: 12px 0; padding: 0; }
        .figures div { border: 1px solid var(--rule); border-radius: 6px; padding: 6px 12px; min-width: 118px; }
        .figures dt { color: var(--muted); font-size: .85em; } .figures dd { margin: 0; font-size: 1.5em; font-weight: 600; }
        .figures .bad dd { color: #a33a00; }
        ul.legend { list-style: none; display: flex; flex-wrap: wrap; gap: 6px 18px; padding: 0; margin: 6px 0 10px; }
        ul.legend li { display: flex; align-items: center; gap: 6px; } ul.legend svg { flex: none; }
        svg.chart { display: block; width: 100%; min-width: 1100px; height: auto; overflow: visible; }
        #timeline, #debt { overflow-x: auto; }
        svg.chart text { font: 11px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; fill: var(--ink); }
        svg.chart text.name { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
        svg.chart text.status { fill: var(--muted); } svg.chart .stale text.status { fill: #a33a00; font-weight: 600; }
        svg.chart .axis text { fill: var(--muted); } svg.chart .grid line { stroke: #e2e2e2; }
        svg.chart line.now { stroke: var(--ink); stroke-width: 1.5; stroke-dasharray: 2 2; }
        .ahead { fill: rgba(0, 114, 178, .07); pointer-events: none; } ul.legend .ahead { stroke: var(--rule); }
        .due { fill: var(--overdue); stroke: #000; stroke-width: .8; }
        svg.chart .band { fill: var(--band); }
        .s-in-development { fill: url(#p-in-development); } .s-partially-rolled-out { fill: url(#p-partially-rolled-out); }
        .s-launched { fill: var(--launched); } .seg { stroke: #333; stroke-width: .5; }
        .overdue { stroke: var(--overdue); stroke-width: 3; }
        .expiry { fill: var(--overdue); stroke: #000; stroke-width: .8; } .expiry.old { fill: #fff; }
        .lifetime { stroke: #000; stroke-width: 1.2; stroke-dasharray: 3 2; fill: #000; }
        .extension { fill: var(--mark); stroke: #000; stroke-width: .8; }
        .removal { stroke: #000; stroke-width: 1.6; }
        .line-temporary { fill: none; stroke: var(--launched); stroke-width: 2; }
        .line-stale { fill: none; stroke: var(--overdue); stroke-width: 2; stroke-dasharray: 7 3; }
        .dot-temporary { fill: var(--launched); } .dot-stale { fill: var(--overdue); }
        .bar-overdue { fill: url(#p-overdue); stroke: #6b2f00; stroke-width: .6; }
        table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; }
        th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid var(--rule); }
        td { overflow-wrap: anywhere; } #stale, #owners, #code, #others { overflow-x: auto; }
        th { background: var(--band); font-weight: 600; } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
        table.sortable th { cursor: pointer; } th[aria-sort="ascending"]::after { content: " ▲"; } th[aria-sort="descending"]::after { content: " ▼"; }
        td ul { margin: 0; padding-left: 1.1em; } .tag { font-weight: 600; }
        .name-cell { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: normal; word-break: keep-all; }
        .nowrap { white-space: nowrap; }
        details summary { cursor: pointer; color: var(--muted); }
        footer { margin-top: 2.5em; color: var(--muted); font-size: .85em; }
        .defs { position: absolute; width: 0; height: 0; overflow: hidden; }
        @page { size: A4 landscape; margin: 12mm; }
        @media print {
          body { max-width: none; padding: 0; font-size: 10pt; }
          svg.chart { min-width: 0; } #timeline, #debt { overflow-x: visible; }
          h2 { break-after: avoid; } tr, svg.chart g.row { break-inside: avoid; }
          thead { display: table-header-group; } details > summary { display: none; }
          table.sortable th::after { content: none; }
        }
        """

    /// Patterns shared by every chart, in one hidden SVG (an `id` must be unique in the page).
    static let patterns = """
        <svg class="defs" aria-hidden="true" focusable="false"><defs>\
        <pattern id="p-in-development" width="4" height="4" patternUnits="userSpaceOnUse">\
        <rect width="4" height="4" fill="#d3eaf8"/><circle cx="2" cy="2" r=".9" fill="#0072B2"/></pattern>\
        <pattern id="p-partially-rolled-out" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">\
        <rect width="5" height="5" fill="#E69F00"/><line x1="0" y1="0" x2="0" y2="5" stroke="#5c3d00" stroke-width="1.6"/></pattern>\
        <pattern id="p-overdue" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">\
        <rect width="6" height="6" fill="#f2b48c"/><line x1="0" y1="0" x2="0" y2="6" stroke="#D55E00" stroke-width="2.4"/></pattern>\
        </defs></svg>
        """

    /// Sorts a table by a column when its header is clicked (or Enter/Space pressed on it);
    /// cells with `data-sort` sort by that number. The page is complete without it.
    static let script = """
        (function () {
          "use strict";
          function key(cell) {
            var number = cell.getAttribute("data-sort");
            return number !== null ? parseFloat(number) : cell.textContent.trim().toLowerCase();
          }
          document.querySelectorAll("table.sortable").forEach(function (table) {
            var headers = table.tHead.rows[0].cells;
            Array.prototype.forEach.call(headers, function (header, column) {
              header.tabIndex = 0;
              function sort() {
                var ascending = header.getAttribute("aria-sort") !== "ascending";
                Array.prototype.forEach.call(headers, function (other) { other.removeAttribute("aria-sort"); });
                header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
                var body = table.tBodies[0];
                var rows = Array.prototype.slice.call(body.rows);
                rows.sort(function (a, b) {
                  var x = key(a.cells[column]), y = key(b.cells[column]);
                  return (x < y ? -1 : x > y ? 1 : 0) * (ascending ? 1 : -1);
                });
                rows.forEach(function (row) { body.appendChild(row); });
              }
              header.addEventListener("click", sort);
              header.addEventListener("keydown", function (event) {
                if (event.key === "Enter" || event.key === " ") { event.preventDefault(); sort(); }
              });
            });
          });
          window.addEventListener("beforeprint", function () {
            document.querySelectorAll("details").forEach(function (details) { details.open = true; });
          });
        })();
        """
}
