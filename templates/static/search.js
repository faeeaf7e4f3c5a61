/* rulebook: the site's search box. It asks Pagefind's bundle (pagefind.js, made by the build)
   and shows the results in the site's own type and colours; the words come from the page
   (data-search, from the catalogs), the count's form from Intl.PluralRules. A reader's usual
   word is replaced by the one the pages use (templates/locale/synonyms.yaml). A language
   indexed in shards (a big site) names the other shards' folders in data-search's "merge".
   Pagefind's module needs a web server: opened from disk, the box stays hidden. No network. */
(function () {
  "use strict";

  var box = document.getElementById("search");
  if (!box || location.protocol === "file:") { return; }
  var words = JSON.parse(box.getAttribute("data-search"));
  var input = document.getElementById("search-input");
  var status = document.getElementById("search-status");
  var list = document.getElementById("search-results");
  var lang = document.documentElement.lang;
  var plural = window.Intl && Intl.PluralRules ? new Intl.PluralRules(lang) : null;
  var bundle = new URL(words.bundle, document.baseURI).href;
  var pagefind = null;
  var asked = 0;

  function fill(template, num, query) {
    return template.replace("{num}", num.toLocaleString(lang)).replace("{query}", query);
  }

  // The pages' word for each word of the query that has one; the rest as typed.
  function withSynonyms(query) {
    return query.split(/\s+/).filter(Boolean).map(function (w) {
      var page = words.synonyms[w.toLocaleLowerCase(lang)];
      return page || w;
    }).join(" ");
  }

  function show(results, query) {
    list.textContent = "";
    results.forEach(function (r) {
      var item = document.createElement("li");
      item.className = "search-result";
      var link = document.createElement("a");
      link.href = r.url.replace(/(^|\/)index\.html$/, "$1");  // the folder's address: search runs on a server
      link.textContent = (r.meta && r.meta.title) || r.url;
      var title = document.createElement("h3");
      title.appendChild(link);
      var excerpt = document.createElement("p");
      excerpt.className = "search-excerpt";
      excerpt.innerHTML = r.excerpt;  // Pagefind's: the page's text, escaped, with <mark>
      item.appendChild(title);
      item.appendChild(excerpt);
      list.appendChild(item);
    });
  }

  function run() {
    var query = input.value.trim();
    var mine = ++asked;
    if (!query) {
      status.textContent = "";
      list.textContent = "";
      return;
    }
    status.textContent = words.searching;
    pagefind.debouncedSearch(withSynonyms(query), {}, 200).then(function (found) {
      if (!found || mine !== asked) { return null; }  // a later query replaced this one
      return Promise.all(found.results.slice(0, 10).map(function (r) { return r.data(); }))
        .then(function (data) {
          if (mine !== asked) { return; }
          var n = found.results.length;
          var category = plural ? plural.select(n) : (n === 1 ? "one" : "other");
          var template = n === 0 ? words.nothing : (words.results[category] || words.results.other);
          status.textContent = fill(template, n, query);
          show(data, query);
        });
    });
  }

  var baseUrl = new URL("../", bundle).pathname;
  import(bundle + "pagefind.js").then(function (module) {
    pagefind = module;
    return pagefind.options({ baseUrl: baseUrl });
  }).then(function () {
    // a language with many pages is indexed in shards: the others merged into the first
    return Promise.all((words.merge || []).map(function (folder) {
      return pagefind.mergeIndex(new URL(folder, document.baseURI).pathname,
                                 { baseUrl: baseUrl, language: lang });
    }));
  }).then(function () {
    box.hidden = false;
    document.dispatchEvent(new CustomEvent("rulebook:search-ready"));
    input.addEventListener("input", run);
    box.querySelector("form").addEventListener("submit", function (e) { e.preventDefault(); run(); });
    if (input.value) { run(); }
  }).catch(function () { /* no bundle: the site was built without search */ });
})();
