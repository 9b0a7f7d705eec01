// SPDX-License-Identifier: Apache-2.0

extension CheckHTMLReport {
  /// The page's style sheet.
  static let style = """
    body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}\
    table{border-collapse:collapse;margin:.5em 0 1.5em}\
    th,td{border:1px solid #ccc;padding:2px 6px;text-align:center;vertical-align:top}\
    td.text{text-align:start;max-width:28em}\
    td.fits{background:#d9f2d9}td.truncated{background:#fff0c2}td.overflows{background:#f8d0d0}\
    td.failing{outline:2px solid #c00;outline-offset:-2px;font-weight:bold}\
    td.optional{opacity:.6}td.absent{color:#999}\
    tr.baselined th{font-style:italic}\
    .where{color:#666;font-size:12px}.where a,section.key h2 a{color:inherit}\
    section.key h2 a{text-decoration:none}section.key h2 a:hover{text-decoration:underline}\
    .filters label{margin-right:1em}\
    td.image img{max-width:400px;border:1px dashed #999}\
    .errors li{color:#a00}\
    .counts{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.5em 1.5em}\
    .counts b{font-size:20px}.count-failing b,.count-new b{color:#a00}\
    table.heatmap td.heat{min-width:2.5em;text-align:end}\
    table.heatmap td.dark{color:#fff}\
    table.heatmap th,table.rules th,table.keys-by-languages th,table.new-keys th{text-align:start}\
    .panels{display:flex;flex-wrap:wrap;gap:0 2.5em;align-items:flex-start}\
    .panel h2{font-size:17px;margin:.4em 0 .2em}.panel table{margin-top:.2em}\
    .panel td,.panel th{padding:1px 5px}td.fail-count{color:#a00;font-weight:bold}\
    td.bar{width:10em;text-align:start}td.bar div{background:#c00;height:1em;min-width:1px}\
    .more,.left-out,.page-note{color:#555}.left-out{font-weight:bold}\
    .pager button{margin-right:.5em}
    """

  /// The page's script: renders the grids of every row from the data block, page by page, for
  /// the filters.
  static let script = """
    (function () {
      "use strict";
      var source = document.getElementById("check-data");
      var form = document.getElementById("filters");
      if (!source || !form || !window.JSON) { return; }
      var marks = { f: "\\u2713", t: "\\u2026", T: "\\u2026", o: "\\u2717", O: "\\u2717",
        ".": "\\u00b7", X: "\\u00b7" };
      var names = { f: "fits", t: "truncated", T: "truncated failing", o: "overflows",
        O: "overflows failing", ".": "absent", X: "absent failing" };
      var words = { f: "fits", t: "truncated", T: "truncated", o: "overflows its lines",
        O: "overflows its lines", ".": "not laid out", X: "not laid out" };
      var entities = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\\"": "&quot;", "'": "&#39;" };
      function esc(text) {
        return String(text).replace(/[&<>"']/g, function (c) { return entities[c]; });
      }
      function number(n) { return n.toLocaleString("en-US"); }
      function plural(n, noun) { return number(n) + " " + noun + (n === 1 ? "" : "s"); }
      function start() {
        var data = JSON.parse(source.textContent);
        var rows = data.rows;
        var groups = [];
        var i;
        for (i = 0; i < rows.length; i++) {
          var last = groups[groups.length - 1];
          if (!last || last.key !== rows[i][0]) {
            last = { key: rows[i][0], start: i, end: i + 1, columns: 0 };
            groups.push(last);
          }
          last.end = i + 1;
          for (var c = 0; c < 12; c++) {
            if (rows[i][6].charAt(c) !== ".") { last.columns |= 1 << c; }
          }
        }
        var images = {};
        for (i = 0; i < data.images.length; i++) {
          var image = document.querySelector("img[data-row=\\"" + data.images[i][1] + "\\"]");
          if (image) { images[data.images[i][0]] = image; }
        }
        var language = document.getElementById("filter-language");
        var rule = document.getElementById("filter-rule");
        var category = document.getElementById("filter-category");
        var search = document.getElementById("filter-key");
        var boxes = form.querySelectorAll("input.filter-status");
        var note = document.getElementById("page-note");
        var pager = document.getElementById("pager");
        var staticKeys = document.getElementById("static-keys");
        var dynamicKeys = document.getElementById("dynamic-keys");
        var pages = [];
        var page = 0;
        var totals = { rows: 0, keys: 0 };
        function status(row) {
          return !/[TOX]/.test(row[6]) ? "passes" : (row[7] & 1) ? "baselined" : "fails";
        }
        function matcher() {
          var shown = {};
          for (var b = 0; b < boxes.length; b++) { shown[boxes[b].value] = boxes[b].checked; }
          var languageIndex = language.value === "" ? -2 : data.languages.indexOf(language.value);
          var ruleSet = null;
          if (rule.value !== "") {
            ruleSet = {};
            for (var r = 0; r < data.rules.length; r++) {
              if (data.rules[r][0] === rule.value) { ruleSet[r] = true; }
            }
          }
          var position = category.value === "" ? -1 : data.categories.indexOf(category.value);
          return function (row) {
            if (languageIndex !== -2 && row[1] !== languageIndex) { return false; }
            if (ruleSet && !ruleSet[row[3]]) { return false; }
            if (position >= 0 && "TOX".indexOf(row[6].charAt(position)) < 0) { return false; }
            return shown[status(row)] === true;
          };
        }
        function paginate() {
          var match = matcher();
          var needle = search.value.toLowerCase();
          var current = null;
          pages = [];
          totals = { rows: 0, keys: 0 };
          for (var g = 0; g < groups.length; g++) {
            var group = groups[g];
            if (needle && data.keys[group.key].toLowerCase().indexOf(needle) < 0) { continue; }
            var picked = [];
            for (var r = group.start; r < group.end; r++) {
              if (match(rows[r])) { picked.push(r); }
            }
            if (picked.length === 0) { continue; }
            totals.rows += picked.length;
            totals.keys += 1;
            if (!current || current.keys.length >= data.keysPerPage ||
                current.rows + picked.length > data.rowsPerPage) {
              current = { keys: [], rows: 0, first: totals.keys };
              pages.push(current);
            }
            current.keys.push({ group: group, rows: picked });
            current.rows += picked.length;
          }
        }
        function rowMarkup(index, columns) {
          var row = rows[index];
          var file = data.files[row[2]];
          var ruleEntry = data.rules[row[3]];
          var lang = esc(data.languages[row[1]]);
          var state = status(row);
          var failing = [];
          var cells = "";
          for (var c = 0; c < 12; c++) {
            var code = row[6].charAt(c);
            if ("TOX".indexOf(code) >= 0) { failing.push(data.categories[c]); }
            if (!(columns & (1 << c))) { continue; }
            var optional = (ruleEntry[2] >> c) & 1 ? "" : " optional";
            cells += "<td class=\\"" + names[code] + optional + "\\" title=\\"" +
              data.categories[c] + ": " + words[code] + "\\">" + marks[code] + "</td>";
          }
          var label = lang + (row[5] ? " " + esc(row[5]) : "");
          var href = file[1] + (file[2] ? "#L" + row[4] : "");
          var text = row[8] === null ? "<span class=\\"left-out\\">(text left out)</span>" :
            esc(row[8]);
          return "<tr class=\\"result " + state + "\\" data-language=\\"" + lang +
            "\\" data-rule=\\"" + esc(ruleEntry[0]) + "\\" data-status=\\"" + state +
            "\\" data-failing=\\"" + failing.join(" ") + "\\"><th>" + label + "</th>" + cells +
            "<td>" + (row[9] >= 0 ? data.categories[row[9]] : "none") + "</td>" +
            "<td class=\\"text\\" lang=\\"" + lang + "\\" dir=\\"auto\\">" + text +
            "<div class=\\"where\\"><a href=\\"" + esc(href) + "\\">" + esc(file[0]) + ":" +
            row[4] + "</a> \\u00b7 " + esc(ruleEntry[1]) +
            ((row[7] & 2) ? " \\u00b7 the source language's text" : "") + "</div></td>" +
            "<td class=\\"image\\" data-image=\\"" + index + "\\"></td></tr>";
        }
        function keyMarkup(entry) {
          var group = entry.group;
          var head = "<th>language</th>";
          var count = 0;
          for (var c = 0; c < 12; c++) {
            if (group.columns & (1 << c)) {
              head += "<th>" + data.categories[c] + "</th>";
              count++;
            }
          }
          var shown = entry.rows.slice(0, data.rowsPerPage);
          var body = "";
          for (var r = 0; r < shown.length; r++) { body += rowMarkup(shown[r], group.columns); }
          if (entry.rows.length > shown.length) {
            body += "<tr class=\\"more\\"><td colspan=\\"" + (count + 4) + "\\">" +
              plural(entry.rows.length - shown.length, "more row") +
              " of this key; filter by language to see them</td></tr>";
          }
          var first = rows[entry.rows[0]];
          var file = data.files[first[2]];
          var href = file[1] + (file[2] ? "#L" + first[4] : "");
          return "<section class=\\"key\\"><h2 dir=\\"auto\\"><a href=\\"" + esc(href) +
            "\\">" + esc(data.keys[group.key]) + "</a></h2><table><thead><tr>" + head +
            "<th>fits up to</th><th>text</th><th>label where it breaks</th></tr></thead>" +
            "<tbody>" + body + "</tbody></table></section>";
        }
        function describe() {
          var current = pages[page];
          if (!current) {
            note.textContent = "No translation matches the filters.";
            return;
          }
          note.textContent = "Keys " + number(current.first) + "\\u2013" +
            number(current.first + current.keys.length - 1) + " of " +
            plural(totals.keys, "matching key") + " (" + number(totals.rows) + " of " +
            plural(data.translations, "translation") + " match the filters), worst first.";
          pager.innerHTML = "";
          if (pages.length < 2) { return; }
          var back = document.createElement("button");
          back.type = "button";
          back.textContent = "\\u2190 previous";
          back.disabled = page === 0;
          back.addEventListener("click", function () { page -= 1; render(); });
          var next = document.createElement("button");
          next.type = "button";
          next.textContent = "next \\u2192";
          next.disabled = page === pages.length - 1;
          next.addEventListener("click", function () { page += 1; render(); });
          pager.appendChild(back);
          pager.appendChild(next);
          pager.appendChild(document.createTextNode("page " + (page + 1) + " of " +
            number(pages.length)));
        }
        function render() {
          staticKeys.style.display = "none";
          var current = pages[page];
          var html = "";
          if (current) {
            for (var k = 0; k < current.keys.length; k++) { html += keyMarkup(current.keys[k]); }
          }
          dynamicKeys.innerHTML = html;
          var cells = dynamicKeys.querySelectorAll("td[data-image]");
          for (var c = 0; c < cells.length; c++) {
            var image = images[cells[c].getAttribute("data-image")];
            if (!image) { continue; }
            cells[c].appendChild(image.cloneNode(true));
            var caption = image.nextSibling;
            if (caption) { cells[c].appendChild(caption.cloneNode(true)); }
          }
          describe();
        }
        function update() { paginate(); page = 0; render(); }
        var timer = null;
        language.addEventListener("change", update);
        rule.addEventListener("change", update);
        category.addEventListener("change", update);
        search.addEventListener("input", function () {
          if (timer) { clearTimeout(timer); }
          timer = setTimeout(update, 200);
        });
        for (var b = 0; b < boxes.length; b++) { boxes[b].addEventListener("change", update); }
        form.addEventListener("submit", function (event) { event.preventDefault(); });
        form.removeAttribute("hidden");
        paginate();
        describe();
      }
      if (window.requestAnimationFrame) {
        window.requestAnimationFrame(function () { setTimeout(start, 0); });
      } else {
        setTimeout(start, 0);
      }
    })();
    """
}
