/* papersite's search worker: answers Material's search box from an index built ahead of time.
 *
 * Speaks Material's worker protocol (SETUP 0 → READY 1, QUERY 2 → RESULT 3; items grouped per
 * page, `terms`, `suggest`), so Material's search box, result list and highlighting stay. The
 * index is made by generator/search_index.py, which describes its files; this worker only looks
 * terms up: it loads the page table, the term shards a query needs and the text of the results
 * it shows first. Hosted, it runs as a Web Worker and fetches JSON; from disk (file://) Material
 * runs it in an iframe on the page's thread (the iframe-worker shim), where it loads the index as
 * scripts, a few at a time, so the page never waits long.
 */
"use strict";
(function () {
  const SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;
  const NAME = 32, TITLE = 16, TAG = 8, GIST = 4;
  // Field boosts: a name the paper coins beats its title, which beats its tags, its gist (the
  // sentence saying what it does) and its text.
  const BOOST = { name: 60, title: 12, tag: 8, gist: 4, text: 1 };
  // A word the query term only begins counts less than the word itself, and no more than its
  // title would: typing "diffusion" should not rank DiffusionSat above papers on diffusion.
  const PREFIX_MATCH = 0.4;
  const SNIPPETS = 10;        // results that get a snippet of their text: Material's first screen
  const SNIPPET_WORDS = 36;
  const PARTIAL_SHOWN = 100;  // pages with only some of the query's words listed (all counted)
  const EXACT_CANDIDATES = 200;  // best results checked for being named exactly by the query
  const MARKED_TITLES = 100;     // results whose title marks the query's words
  const STOP_WORDS = new Set(("a able about across after all almost also am among an and any " +
    "are as at be because been but by can cannot could dear did do does either else ever every " +
    "for from get got had has have he her hers him his how however i if in into is it its just " +
    "least let like likely may me might most must my neither no nor not of off often on only or " +
    "other our own rather said say says she should since so some than that the their them then " +
    "there these they this tis to too twas us wants was we were what when where which while who " +
    "whom why will with would yet you your").split(" "));
  const WORD = /[\p{L}\p{N}]+/gu;

  const fromDisk = typeof document !== "undefined" && location.protocol === "file:";
  const scriptUrl = typeof document !== "undefined"
    ? (document.currentScript || document.querySelector("script[src*='papersite-search']")).src
    : self.location.href;
  const indexUrl = new URL("../../search/papersite/", scriptUrl);

  let manifest = null, digitValue = null, options = { suggest: false };
  let docs = null, tagNames = null, docsPromise = null;
  const chunks = new Map(), loading = new Map();

  /* ------------------------------------------------------------------ loading the index */

  const waiting = new Map();  // offline: data file name → resolve, called by the file itself
  self.papersiteSearchData = function (name, value) {
    const resolve = waiting.get(name);
    waiting.delete(name);
    if (resolve) resolve(value);
  };

  function load(name) {
    if (loading.has(name)) return loading.get(name);
    const url = `${new URL(name + manifest.suffix, indexUrl)}?v=${manifest.version}`;
    const promise = fromDisk ? loadScript(name, url) : fetch(url).then(response => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.json();
    });
    loading.set(name, promise);
    promise.catch(() => loading.delete(name));
    return promise;
  }

  function loadScript(name, url) {
    return new Promise((resolve, reject) => {
      const script = document.createElement("script");
      waiting.set(name, resolve);
      script.onerror = () => { waiting.delete(name); reject(new Error(`cannot load ${url}`)); };
      script.onload = () => script.remove();
      script.src = url;
      document.body.appendChild(script);
    });
  }

  /* The page table, in parts: from disk each part is a script of its own, a short task. */
  function loadDocs() {
    if (!docsPromise) {
      const parts = [];
      for (let part = 0; part < manifest.docParts; part++) parts.push(load(`d${part}`));
      docsPromise = Promise.all(parts).then(values => {
        tagNames = manifest.tags.map(escapeHtml);
        docs = [].concat(...values);
      });
    }
    return docsPromise;
  }

  /* The pages a query offers when it names them: tag pages (by their names and the tags' other
     spellings) and given authors' papers (generator/search_index.py, `search_offers`), by the
     words of their names; in files by the first letter of the name. */
  const offersByLetter = new Map();
  function loadOffers(wanted) {
    const letter = wanted.charAt(0), number = (manifest.offers || []).indexOf(letter);
    if (number < 0) return Promise.resolve(new Map());
    if (!offersByLetter.has(letter))
      offersByLetter.set(letter, load(`o${number}`).then(({ papers, pages }) => {
        const byPhrase = new Map();
        for (const [spelling, kind, count, location, tag] of pages) {
          const name = tag || spelling;
          const offer = { name, kind, count,
            location: location || `${papers}#filter=${encodeURIComponent(`${kind}:${name}`)}` };
          // "Over-smoothing" is offered for "oversmoothing" too (the search page offers each once).
          for (const key of new Set([offerKey(spelling), offerKey(spelling.replace(/[-\u2010\u2011]/g, ""))])) {
            if (!byPhrase.has(key)) byPhrase.set(key, []);
            byPhrase.get(key).push(offer);
          }
        }
        return byPhrase;
      }).catch(() => new Map()));  // the papers alone
    return offersByLetter.get(letter);
  }

  /* Shards whose key begins the term, or which the term begins (short terms, split shards). */
  function shardNumbers(term) {
    const numbers = [];
    for (const key in manifest.shards)
      if (term.startsWith(key) || (term.length >= 2 && key.startsWith(term)))
        numbers.push(manifest.shards[key]);
    return numbers;
  }

  function loadShards(terms) {
    const names = new Set();
    for (const term of terms)
      for (const number of shardNumbers(term)) names.add(`t${number}`);
    return Promise.all([...names].map(load));
  }

  /* The shards of a pair of words side by side: a pair is looked up whole, never as a prefix. */
  function loadPairShards(pair) {
    const shards = manifest.pairShards || {};
    return Promise.all(Object.keys(shards).filter(key => pair.startsWith(key))
      .map(key => load(`p${shards[key]}`)));
  }

  /* ------------------------------------------------------------------ terms, as the index has them */

  // Greek letters as authors spell them out, as generator/search_terms.py `GREEK`.
  const GREEK = new Map([..."αβγδεζηθικλμνξοπρστυφχψωϵϑϕς"].map((letter, i) => [letter,
    ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho " +
     "sigma tau upsilon phi chi psi omega epsilon theta phi sigma").split(" ")[i]]));

  function fold(text) {
    return text.toLowerCase().replace(/[α-ωϵϑϕ]/g, letter => GREEK.get(letter) || letter)
      .normalize("NFKD").replace(/\p{M}/gu, "");
  }

  // A word, or words joined by hyphens ("over-smoothing"), as a query is read.
  const TOKEN = /[\p{L}\p{N}]+(?:[-\u2010\u2011][\p{L}\p{N}]+)*/gu;
  const HYPHEN = /[-\u2010\u2011]/;

  function stem(word) {  // as generator/search_terms.py: singular, and -ise spelled -ize
    return singularStem(word).replace(/(?<=\w{3})([iy])s(e|ed|es|er|ers|ing|ation|ations)$/, "$1z$2");
  }

  function singularStem(word) {  // Harman's S-stemmer
    if (word.length <= 3 || !word.endsWith("s")) return word;
    if (word.endsWith("ies") && !word.endsWith("eies") && !word.endsWith("aies"))
      return word.slice(0, -3) + "y";
    if (word.endsWith("es") && !/(aes|ees|oes)$/.test(word)) return word.slice(0, -1);
    if (word.endsWith("us") || word.endsWith("ss")) return word;
    return word.slice(0, -1);
  }

  /* Query terms: each a word as typed (folded) and its stem; stop words dropped but the last.
     Words in quotes must be in a page as they are, and side by side; other words side by side
     rank the pages that have them so first. Pairs are of stems, as the index keeps them (stop
     words left out: "learning to rank" is the pair "learning rank").
     Spelling variants are one word: a hyphenated word is its parts written as one (the index
     holds every compound so, generator/search_terms.py `compounds`), or, where no page writes
     it so, its parts side by side, its `pairs`; two words typed apart are also the one word a page may write ("over smoothing",
     "oversmoothing"), a `join`. */
  function parseQuery(query) {
    const terms = [], pairs = [], joins = [];
    const segments = fold(query).split('"');
    const lastSegment = segments.length - 1;
    segments.forEach((segment, s) => {
      const quoted = s % 2 === 1 && s < lastSegment;  // an unclosed quote is still being typed
      const tokens = segment.match(TOKEN) || [];
      let previous = null, previousTerm = -1;
      tokens.forEach((token, i) => {
        const last = s === lastSegment && i === tokens.length - 1 && /[\p{L}\p{N}]$/u.test(query);
        const parts = token.split(HYPHEN);
        if (parts.length === 1 && STOP_WORDS.has(token) && !last) { previousTerm = -1; return; }
        const word = parts.join(""), wordStem = stem(word);
        const stems = parts.filter(part => !STOP_WORDS.has(part)).map(stem);
        const inner = stems.slice(1).map((second, k) => `${stems[k]} ${second}`)
          .filter(pair => pair.split(" ")[0] !== pair.split(" ")[1]);
        const first = stems.length ? stems[0] : wordStem;
        if (previous !== null && previous !== first)
          pairs.push({ pair: `${previous} ${first}`, required: quoted });
        previous = stems.length ? stems[stems.length - 1] : wordStem;
        let t = terms.findIndex(term => term.word === word);
        if (t >= 0) terms[t].required = terms[t].required || quoted;
        else {
          t = terms.length;
          terms.push({ word, stem: wordStem, prefix: word.length >= 2 && !quoted, required: quoted,
                       pairs: inner, parts: parts.length > 1 ? [...parts, ...stems] : [] });
        }
        if (previousTerm >= 0 && previousTerm !== t && !quoted && parts.length === 1 &&
            !terms[previousTerm].parts.length)
          joins.push({ word: terms[previousTerm].word + word, first: previousTerm, second: t });
        previousTerm = t;
      });
    });
    return { terms: terms.slice(0, 32), pairs: pairs.slice(0, 16),
             joins: joins.filter(join => join.second < 32).slice(0, 8) };
  }

  function matchFactor(term, candidate) {
    if (candidate === term.stem || candidate === term.word) return 1;
    if (term.prefix && (candidate.startsWith(term.word) || candidate.startsWith(term.stem)))
      return PREFIX_MATCH;
    return 0;
  }

  /* ------------------------------------------------------------------ scoring */

  const textWeight = [0, 1, 1.38, 1.57];  // tf saturation, k = 1.2

  function weightScore(weight, exact) {
    const name = weight & NAME ? (exact ? BOOST.name : BOOST.title) : 0;
    return name + (weight & TITLE ? BOOST.title : 0) + (weight & TAG ? BOOST.tag : 0) +
      (weight & GIST ? BOOST.gist : 0) + BOOST.text * textWeight[weight & 3];
  }

  function decode(postings, visit, first = 0) {  // first: the number postings count from
    const value = digitValue;
    let doc = first;
    for (let i = 0; i < postings.length;) {
      let gap = 0, digit;
      do { digit = value[postings.charCodeAt(i++)]; gap = gap << 5 | digit & 31; } while (digit & 32);
      doc += gap;
      visit(doc, value[postings.charCodeAt(i++)]);
    }
  }

  function countPostings(postings) {
    const value = digitValue;
    let count = 0;
    for (let i = 0; i < postings.length; count++) {
      while (value[postings.charCodeAt(i++)] & 32);
      i++;
    }
    return count;
  }

  /* The pages with every one of `wanted` pairs, each with the score of its pairs. */
  function pairDocs(wanted, shardsByPair, total) {
    const found = new Map();
    wanted.forEach((pair, q) => {
      for (const shard of shardsByPair[q]) {
        const c = shard.terms.indexOf(pair);
        if (c < 0) continue;
        const count = countPostings(shard.postings[c]);
        const idf = Math.log(1 + (total - count + 0.5) / (count + 0.5));
        decode(shard.postings[c], (doc, weight) => {
          const [pairs, score] = found.get(doc) || [0, 0];
          if (pairs === q) found.set(doc, [q + 1, score + idf * weightScore(weight, false)]);
        }, manifest.pairOffset || 0);
      }
    });
    const all = new Map();
    for (const [doc, [pairs, score]] of found) if (pairs === wanted.length) all.set(doc, score);
    return all;
  }

  /* Score every page for the query; return pages with their score and the terms they match:
     those with the most of the query's words first, then those with the most of its words side
     by side, then by score. Pages without a quoted word or pair are left out. */
  function rank({ terms, pairs, joins }, termShards, pairShards, partShards, joinShards) {
    const total = docs.length;
    const scores = new Float64Array(total), matched = new Uint32Array(total);
    const best = new Float64Array(total);
    const touched = [];
    terms.forEach((term, t) => {
      const hits = [], candidates = [];
      let exactIdf = Infinity;
      for (const shard of termShards[t])
        shard.terms.forEach((candidate, c) => {
          const factor = matchFactor(term, candidate);
          if (!factor) return;
          const count = countPostings(shard.postings[c]);
          const idf = Math.log(1 + (total - count + 0.5) / (count + 0.5));
          if (factor === 1) exactIdf = Math.min(exactIdf, idf);
          candidates.push({ postings: shard.postings[c], factor, idf });
        });
      for (const { postings, factor, idf } of candidates) {
        const exact = factor === 1, weightIdf = exact ? idf : Math.min(idf, exactIdf);
        decode(postings, (doc, weight) => {
          const score = factor * weightIdf * weightScore(weight, exact);
          if (best[doc] === 0) hits.push(doc);
          if (score > best[doc]) best[doc] = score;
        });
      }
      // A hyphenated word no page writes as one is its parts side by side. (Not beside the
      // compound: the index's pairs skip stop words, "over the smoothing kernel".)
      if (term.pairs.length && exactIdf === Infinity) {
        const sides = pairDocs(term.pairs, partShards[t], total);
        for (const [doc, score] of sides) {
          if (best[doc] === 0) hits.push(doc);
          if (score > best[doc]) best[doc] = score;
        }
      }
      for (const doc of hits) {
        if (matched[doc] === 0) touched.push(doc);
        matched[doc] |= 1 << t;
        scores[doc] += best[doc];
        best[doc] = 0;
      }
    });
    // Two words typed apart that a page writes as one count as both.
    joins.forEach(({ word, first, second }, j) => {
      const both = 1 << first | 1 << second, wordStem = stem(word);
      for (const shard of joinShards[j])
        shard.terms.forEach((candidate, c) => {
          if (candidate !== word && candidate !== wordStem) return;
          const count = countPostings(shard.postings[c]);
          const idf = Math.log(1 + (total - count + 0.5) / (count + 0.5));
          decode(shard.postings[c], (doc, weight) => {
            if (matched[doc] === 0) touched.push(doc);
            const added = both & ~matched[doc];
            matched[doc] |= both;
            scores[doc] += popcount(added) * idf * weightScore(weight, true);
          });
        });
    });
    const together = new Uint8Array(total), missing = new Uint8Array(total);
    pairs.forEach(({ pair, required }, p) => {
      // The index keeps the pairs papers share: one it lacks is in one paper at most, which
      // cannot be told here, so quotes around it require its words alone.
      const found = new Uint8Array(required ? total : 0);
      let known = false;
      for (const shard of pairShards[p]) {
        const c = shard.terms.indexOf(pair);
        if (c < 0) continue;
        known = true;
        const postings = shard.postings[c];
        const count = countPostings(postings);
        const idf = Math.log(1 + (total - count + 0.5) / (count + 0.5));
        decode(postings, (doc, weight) => {
          if (matched[doc] === 0) return;  // a pair is only ever in a page with both words
          together[doc]++;
          scores[doc] += idf * weightScore(weight, false);
          if (required) found[doc] = 1;
        }, manifest.pairOffset || 0);  // pairs are of papers, numbered from the first
      }
      if (required && known) for (const doc of touched) if (!found[doc]) missing[doc] = 1;
    });
    const required = terms.reduce((mask, term, t) => term.required ? mask | 1 << t : mask, 0);
    const results = touched
      .filter(doc => !missing[doc] && (matched[doc] & required) === required)
      .map(doc => ({ doc, score: scores[doc], mask: matched[doc], count: popcount(matched[doc]),
                     together: together[doc] }));
    results.sort((a, b) => b.count - a.count || b.together - a.together || b.score - a.score ||
      a.doc - b.doc);
    return results;
  }

  /* Put first the pages the query names exactly: a name the paper coins, or its title; as
     typed ("Seer", not "SEER") before up to case and punctuation. Return them and how many. */
  function pinExact(results, query) {
    const verbatim = query.trim(), wanted = phrase(query);
    const exact = [], folded = [];
    for (const result of results.slice(0, EXACT_CANDIDATES)) {
      const [, title, , names = []] = docs[result.doc];
      if (title === verbatim || names.includes(verbatim)) exact.push(result);
      else if (phrase(title) === wanted || names.some(name => phrase(name) === wanted))
        folded.push(result);
    }
    if (!exact.length && !folded.length) return { results, pinned: 0 };
    const pinned = new Set([...exact, ...folded]);
    return { results: [...exact, ...folded, ...results.filter(result => !pinned.has(result))],
             pinned: pinned.size };
  }

  function phrase(text) {
    return (fold(text).match(WORD) || []).join(" ");
  }

  /* A page is offered whether the query names it in the singular or the plural: "diffusion
     model" offers "Diffusion models", "GNN" "GNNs", "Gaussian process" "Gaussian processes". */
  function offerKey(text) {
    return phrase(text).split(" ").map(singular).join(" ");
  }

  function singular(word) {
    if (word.length <= 3) return word;
    if (word.endsWith("sses")) return word.slice(0, -2);
    if (word.endsWith("ies") && word.length > 4) return word.slice(0, -3) + "y";
    return word.endsWith("s") && !/(ss|us|is)$/.test(word) ? word.slice(0, -1) : word;
  }

  function popcount(mask) {
    let count = 0;
    for (; mask; mask &= mask - 1) count++;
    return count;
  }

  /* ------------------------------------------------------------------ results, as Material shows them */

  function escapeHtml(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;");
  }

  /* Words of text with their offsets, and which query term matches each (-1: none). A part of
     a hyphenated query word matches only hyphenated to another part ("over-smoothing", not
     "information over its neighbours"). */
  function words(text, terms) {
    let hits = hitsByWord.get(terms);
    if (!hits) hitsByWord.set(terms, hits = new Map());  // thousands of titles share words
    const found = [];
    for (const match of text.matchAll(WORD)) {
      let hit = hits.get(match[0]);
      if (hit === undefined) {
        const folded = stem(fold(match[0]));
        hit = terms.findIndex(term => matchFactor(term, folded) > 0);
        const part = hit < 0 ? terms.findIndex(term => term.parts.includes(folded)) : -1;
        hits.set(match[0], hit = part >= 0 ? -2 - part : hit);  // -2 - t: a part of term t
      }
      found.push({ start: match.index, end: match.index + match[0].length, hit });
    }
    found.forEach((span, i) => {
      if (span.hit > -2) return;
      const joined = other => other && other.hit === span.hit &&
        /^[-\u2010\u2011]$/.test(text.slice(Math.min(span.end, other.end), Math.max(span.start, other.start)));
      span.joined = joined(found[i - 1]) || joined(found[i + 1]);
    });
    for (const span of found) if (span.hit <= -2) span.hit = span.joined ? -2 - span.hit : -1;
    return found;
  }
  const hitsByWord = new WeakMap();

  function highlight(text, spans) {
    let html = "", cursor = 0;
    for (const span of spans) {
      if (span.hit < 0) continue;
      html += escapeHtml(text.slice(cursor, span.start)) + "<mark>" +
        escapeHtml(text.slice(span.start, span.end)) + "</mark>";
      cursor = span.end;
    }
    return html + escapeHtml(text.slice(cursor));
  }

  /* The stretch of text with the most distinct query terms, marked; the opening if none. */
  function snippet(text, terms) {
    const spans = words(text, terms);
    if (spans.length <= SNIPPET_WORDS) return highlight(text, spans);
    let from = 0, bestCount = 0;
    spans.forEach((span, i) => {
      if (span.hit < 0) return;
      const start = Math.max(0, Math.min(i - 6, spans.length - SNIPPET_WORDS));
      const seen = new Set();
      for (let j = start; j < start + SNIPPET_WORDS; j++)
        if (spans[j].hit >= 0) seen.add(spans[j].hit);
      if (seen.size > bestCount) { bestCount = seen.size; from = start; }
    });
    const window = spans.slice(from, from + SNIPPET_WORDS);
    const begin = from ? window[0].start : 0;
    const end = from + SNIPPET_WORDS >= spans.length ? text.length : window[window.length - 1].end;
    const shifted = window.map(span => ({ ...span, start: span.start - begin, end: span.end - begin }));
    return (begin ? "… " : "") + highlight(text.slice(begin, end), shifted) +
      (end < text.length ? " …" : "");
  }

  async function texts(results) {
    const numbers = new Set(results.slice(0, SNIPPETS)
      .map(result => Math.floor(result.doc / manifest.chunk)));
    await Promise.all([...numbers].map(number => load(`x${number}`)
      .then(chunk => chunks.set(number, chunk))));
  }

  const plainTitles = [];
  function plainTitle(doc) {
    return plainTitles[doc] || (plainTitles[doc] = escapeHtml(docs[doc][1]));
  }

  /* A paper's stored text is [gist, abstract]: the gist says what it contributes; below it,
   * the snippet of the abstract shows where the query's words are, unless the gist has every
   * query word the abstract has. A hand-written page's stored text is its text alone. */
  function resultText(stored, terms) {
    if (typeof stored === "string") return snippet(stored, terms);
    const [gist, text] = stored;
    const inGist = words(gist, terms);
    const hits = spans => new Set(spans.filter(span => span.hit >= 0).map(span => span.hit));
    const gistHits = hits(inGist);
    const more = [...hits(words(text, terms))].some(hit => !gistHits.has(hit));
    return `<span class="ps-gist">${highlight(gist, inGist)}</span>` +
      (more ? " " + snippet(text, terms) : "");
  }

  function textOf(doc) {
    const chunk = chunks.get(Math.floor(doc / manifest.chunk));
    return chunk ? chunk[doc % manifest.chunk] : undefined;
  }

  function item(result, terms, rank) {
    const [location, title, tags] = docs[result.doc];
    const text = rank < SNIPPETS ? textOf(result.doc) : undefined;
    const termsFound = {};
    terms.forEach((term, t) => {
      if (result.mask & 1 << t) termsFound[term.word] = true;
      else if (!STOP_WORDS.has(term.word)) termsFound[term.word] = false;
    });
    const entry = {
      location, score: result.score, terms: termsFound,
      // Marking every title of 20,000 results would take longer than the search itself.
      title: rank < MARKED_TITLES ? highlight(title, words(title, terms)) : plainTitle(result.doc),
      text: text === undefined ? "" : resultText(text, terms)
    };
    if (tags.length) entry.tags = tags.map(tag => tagNames[tag]);
    return entry;
  }

  const OFFER_TITLES = { area: "Area", topic: "Topic", dataset: "Data set", model: "Model",
                         author: "Author" };

  /* A page the query names: the tag's page, or the author's papers. */
  function offerItem(offer) {
    const one = offer.count === 1, name = escapeHtml(offer.name);
    return {
      location: offer.location, score: Number.MAX_VALUE, terms: {},
      title: `${OFFER_TITLES[offer.kind] || "Tag"}: <mark>${name}</mark>`,
      text: offer.kind === "author"
        ? (one ? `The one paper by ${name} in this list` : `All ${offer.count} papers by ${name} in this list`)
        : (one ? "The tag's page: its one paper"
          : `The tag's page: all ${offer.count} papers with it, those most about it first`)
    };
  }

  /* The pages with some of the query's words, not all, as one group: its first page, marked
     as the start of the group and saying how many there are, then the others. The page's
     script counts the results without it (papersite-reading.js). */
  function partialGroup(partial, total, terms) {
    const items = partial.map((result, i) => item(result, terms, i ? Infinity : 0));
    const count = total === 1 ? "1 page has" : `${total} pages have`;
    items[0] = { ...items[0], group: "partial",
      title: `<span class="ps-partial">Some of the words</span> · ${items[0].title}`,
      text: `<span class="ps-partial-count">${count} only some of the words.</span> ${items[0].text || ""}` };
    return items;
  }

  /* Group results per page, as Material does: a page's sections follow the page. */
  function group(results, terms) {
    const groups = new Map();
    results.forEach((result, i) => {
      const location = docs[result.doc][0];
      const page = location.split("#")[0];
      if (!groups.has(page)) groups.set(page, []);
      groups.get(page).push(item(result, terms, i));
    });
    for (const [page, items] of groups)
      if (!items.some(entry => entry.location === page)) {
        const doc = docs.findIndex(entry => entry[0] === page);
        if (doc >= 0) items.push({ ...item({ doc, score: 0, mask: 0 }, [], Infinity), terms: {} });
      }
    return [...groups.values()];
  }

  /* The word of the best title that completes the last query word, as it was typed. */
  function suggestions(query, results) {
    const typed = (query.match(/[\p{L}\p{N}]+$/u) || [""])[0];
    if (!typed || !results.length) return [];
    const title = docs[results[0].doc][1];
    for (const match of title.matchAll(WORD))
      if (fold(match[0]).startsWith(fold(typed)) && match[0].length > typed.length)
        return [typed + match[0].slice(typed.length)];
    return [];
  }

  async function search(query) {
    const parsed = parseQuery(query), { terms, pairs, joins } = parsed;
    if (!terms.length) return { items: [], counts: { complete: 0, partial: 0 } };
    const wanted = phrase(query);
    const [, offers, termShards, pairShards, partShards, joinShards] = await Promise.all([
      loadDocs(), loadOffers(wanted),
      Promise.all(terms.map(term => loadShards([term.word, term.stem]))),
      Promise.all(pairs.map(({ pair }) => loadPairShards(pair))),
      Promise.all(terms.map(term => Promise.all(term.pairs.map(loadPairShards)))),
      Promise.all(joins.map(join => loadShards([join.word, stem(join.word)])))]);
    const ranked = rank(parsed, termShards, pairShards, partShards, joinShards);
    // Only pages with every word are counted; those with some of them come after, as one
    // group that says so: "diffusion model watermark" does not count every paper on models.
    // (A stop word still being typed, "diffusion for", is in no page's index terms.)
    const needed = terms.reduce((mask, term, t) =>
      STOP_WORDS.has(term.word) && terms.length > 1 ? mask : mask | 1 << t, 0);
    const complete = [], partial = [];
    for (const result of ranked) ((result.mask & needed) === needed ? complete : partial).push(result);
    const { results, pinned } = pinExact(complete, query);
    await texts([...results, ...partial.slice(0, 1)]);
    const items = group(results, terms);
    // A tag or an author the query names comes right after the papers it names exactly: a
    // paper that coins "Mamba" first, then the Mamba tag's page. A tag named by several of its
    // spellings ("MoE", "MoEs") is offered once.
    const locations = new Set();
    const offered = (offers.get(offerKey(query)) || []).filter(offer =>
      !locations.has(offer.location) && locations.add(offer.location)).map(offer => [offerItem(offer)]);
    items.splice(Math.min(pinned, items.length), 0, ...offered);
    if (partial.length) items.push(partialGroup(partial.slice(0, PARTIAL_SHOWN), partial.length, terms));
    const counts = { complete: results.length, partial: partial.length };
    announce({ query, ...counts });
    const answer = { items, counts };
    if (options.suggest) answer.suggest = suggestions(query, results);
    return answer;
  }

  /* ------------------------------------------------------------------ messages */

  /* Material counts the groups it is given; the page's script (papersite-reading.js) says
     instead how many pages have every word and how many some of them. */
  // Hosted only: from disk the worker is an iframe of the page (the iframe-worker shim), where
  // a channel's message stalls the search; Material's own count stays there.
  const counts = (() => {
    try {
      return fromDisk ? null : new BroadcastChannel("papersite-search");
    } catch (error) {
      return null;
    }
  })();
  function announce(figures) {
    try {
      if (counts) counts.postMessage(figures);
    } catch (error) {
      console.warn(`papersite search: ${error}`);
    }
  }

  let latest = null, busy = false;

  async function answerLatest() {
    busy = true;
    while (latest !== null) {
      const query = latest;
      latest = null;
      let data;
      try {
        data = await search(query);
      } catch (error) {
        console.warn(`papersite search: ${error}`);
        data = { items: [] };
      }
      if (latest === null) postMessage({ type: RESULT, data });  // else a newer query waits
    }
    busy = false;
  }

  addEventListener("message", event => {
    const message = event.data;
    if (message.type === SETUP) {
      manifest = message.data.config.papersite;
      options = message.data.options || options;
      digitValue = new Uint8Array(128);
      for (let i = 0; i < manifest.digits.length; i++)
        digitValue[manifest.digits.charCodeAt(i)] = i;
      // Be ready before the first query. (From disk Material sets up search when the box is
      // first opened, and the page table loads in parts, one short task each.)
      loadDocs().catch(() => {});
      postMessage({ type: READY });
    } else if (message.type === QUERY) {
      latest = message.data;
      if (!busy) answerLatest();
    }
  });
})();
