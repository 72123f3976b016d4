/* papersite: each page loads the scripts of its own kind only.
 *
 * The papers page's list (papersite-browse.js) and filters (papersite-facets.js), the topic map
 * (papersite-map.js) and the search page (papersite-search-page.js) are 51 KB together: a paper
 * page, the one most read, needs none of them. The template lists this loader on every page,
 * under every builder; it adds a script where the page holds what that script works on.
 */
(function () {
  "use strict";

  var here = document.currentScript.src;
  var SCRIPTS = [
    ["[data-ps-browse]", "papersite-browse.js"],
    ["[data-ps-facets]", "papersite-facets.js"],
    ["svg.ps-map", "papersite-map.js"],
    [".ps-search-page", "papersite-search-page.js"]
  ];
  SCRIPTS.forEach(function (script) {
    if (!document.querySelector(script[0])) {
      return;
    }
    var element = document.createElement("script");
    element.src = new URL(script[1], here).href;
    element.async = false;  // run in this order: the filters ask the list for gists
    document.body.appendChild(element);
  });
})();
