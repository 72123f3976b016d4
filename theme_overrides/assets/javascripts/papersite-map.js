/* papersite: the topic map, zoomed, moved, named and searched (generator/charts.py draws it).
 *
 * Zoom with the buttons, the mouse wheel, or + and − once the map has the focus (0 goes back);
 * move with the arrow keys or by dragging. Dots and names keep their size on screen as the map
 * grows, so zoomed in the dots that overlapped stand apart (the map keeps their centres at least
 * a gap apart) and every one can be clicked or tapped. Words typed above the map light up the
 * papers whose titles have them all, and zooming then goes to them.
 * Names: the map holds every area's and every frequent topic's name at its papers' centre; for
 * each view this script shows the ones that fit (areas zoomed out, topics first zoomed in, the
 * larger groups first), moves or hides a name that would cover a dot standing alone, and when
 * none fits names the view by the area most of its dots belong to.
 * Every dot is a link: Tab reaches it (and the arrow keys then go to the nearest dot that way),
 * and focus, hover or a first tap shows its title above it; a second tap opens it.
 * With thousands of dots, a turning wheel zooms the map alone, and the dots take their size once
 * it stops: sizing every dot restyles each one (0.1 s at 5,000, 0.7 s at 30,000).
 */
(function () {
  "use strict";

  var svg = document.querySelector("svg.ps-map");
  if (!svg) {
    return;
  }
  var MAX_ZOOM = 48, STEP = 1.6, MOVE = 0.2;  // MOVE: share of the view an arrow key moves it
  var ZOOMED = 1.9;  // from this zoom on, the topics are named
  var LONE_PX = 16;  // a dot with no other this close (screen pixels, or 3 radii) stands alone
  var MARGIN_PX = 2;  // kept between a name and a dot standing alone: text is laid out anew at
                      // each zoom, a pixel wider or narrower than measured
  var box = svg.viewBox.baseVal;
  var WIDTH = box.width, HEIGHT = box.height;
  var RADIUS = Number(svg.getAttribute("data-r")) || 3;
  var view = {x: 0, y: 0, width: WIDTH, height: HEIGHT};
  var links = Array.prototype.slice.call(svg.querySelectorAll(".d a"));
  var titles = links.map(function (link) {
    var title = link.querySelector("title");
    return title ? title.textContent : "";
  });
  var lowerTitles = titles.map(function (title) { return title.toLowerCase(); });
  var centres = links.map(function (link) {
    var mark = link.lastElementChild;
    if (mark.tagName === "rect") {  // a square: its corner is written
      return [mark.x.baseVal.value + mark.width.baseVal.value / 2,
              mark.y.baseVal.value + mark.height.baseVal.value / 2];
    }
    return [mark.cx.baseVal.value, mark.cy.baseVal.value];
  });
  var areaByClass = {};  // the legend says which area a dot's colour and shape stand for
  Array.prototype.forEach.call(document.querySelectorAll(".ps-legend li"), function (item) {
    var swatch = item.querySelector(".ps-swatch"), link = item.querySelector("a");
    if (swatch && link) {
      areaByClass[swatch.getAttribute("class").replace("ps-swatch", "").trim()] =
        link.textContent.trim();
    }
  });
  var names = Array.prototype.map.call(svg.querySelectorAll(".l text"), function (text) {
    return {text: text, x: Number(text.getAttribute("x")), y: Number(text.getAttribute("y")),
            count: Number(text.getAttribute("data-n")) || 0,
            topic: text.parentNode.classList.contains("t")};
  });
  var viewName = document.createElementNS("http://www.w3.org/2000/svg", "text");
  viewName.setAttribute("class", "v");
  var areaGroup = svg.querySelector(".l:not(.t)");
  if (areaGroup) {
    areaGroup.appendChild(viewName);
  }

  var tools = document.createElement("div");
  tools.className = "ps-map-tools";
  tools.innerHTML =
    '<input type="search" class="ps-map-search" aria-label="Light up the papers whose titles ' +
    'have these words" placeholder="Light up papers by title words">' +
    '<button type="button" class="md-button" data-zoom="in" aria-label="Zoom in">+</button>' +
    '<button type="button" class="md-button" data-zoom="out" aria-label="Zoom out">−</button>' +
    '<button type="button" class="md-button" data-zoom="reset">Whole map</button>' +
    '<span class="ps-map-found" aria-live="polite"></span>';
  svg.parentNode.parentNode.insertBefore(tools, svg.parentNode);
  var search = tools.querySelector(".ps-map-search");
  var found = tools.querySelector(".ps-map-found");
  var nameTag = document.createElement("div");  // the title of the dot in focus, on screen
  nameTag.className = "ps-map-name";
  nameTag.hidden = true;
  svg.parentNode.appendChild(nameTag);
  svg.setAttribute("tabindex", "0");
  svg.setAttribute("data-zoomable", "");
  show();
  window.addEventListener("resize", show);

  /* Show the view at the next frame (`draw`); dots and names are sized in screen pixels
     (--ps-k: the map units a pixel spans), a dot at least 3.5 px, at every zoom. */
  var drawing = false, sized = null, settling = 0, gesture = false, named = null;
  var MANY_DOTS = 2000, SETTLE_MS = 150;
  function show(inGesture) {  // once a frame: wheel and drag send many events a frame
    gesture = inGesture === true;
    if (!drawing) {
      drawing = true;
      window.requestAnimationFrame(draw);
    }
  }

  function draw() {
    drawing = false;
    svg.setAttribute("viewBox", [view.x, view.y, view.width, view.height].join(" "));
    var shown = svg.getBoundingClientRect().width || WIDTH;
    var scale = view.width / shown + "px";
    window.clearTimeout(settling);  // this view's size replaces any still to come
    if (scale === sized) {  // moved, not zoomed: the dots keep their size
      declutter();
    } else if (!gesture || links.length < MANY_DOTS) {
      resize(scale, shown);
    } else {
      // Sizing thousands of dots restyles every one (0.1 s at 5,000, 0.7 s at 30,000): while
      // the wheel turns, the dots grow with the map, and take their size once it stops.
      settling = window.setTimeout(function () { resize(scale, shown); }, SETTLE_MS);
    }
    if (named) {
      nameDot(named);
    }
  }

  function dotPixels(shown) {  // a dot's radius on screen
    return Math.max(3.5, RADIUS * shown / WIDTH);
  }

  function resize(scale, shown) {
    sized = scale;
    svg.style.setProperty("--ps-k", scale);
    svg.style.setProperty("--ps-rpx", dotPixels(shown));
    svg.style.setProperty("--ps-r0", RADIUS + "px");
    svg.toggleAttribute("data-zoomed", WIDTH / view.width >= ZOOMED);
    if (names.length && !(Math.abs(names[0].text.getBoundingClientRect().height - names[0].height) < 0.5)) {
      measure();  // the names' type changed size (the first time, or the page's fonts or zoom)
    }
    declutter();
  }

  /* The names' boxes, in pixels around their anchors: they keep their size on screen. */
  function measure() {
    var frame = svg.getBoundingClientRect(), k = view.width / frame.width;
    names.forEach(function (name) {
      name.text.removeAttribute("dy");
    });
    names.forEach(function (name) {
      var rect = name.text.getBoundingClientRect();
      var anchor = frame.top + (name.y - view.y) / k;
      name.width = rect.width;
      name.height = rect.height;
      name.top = rect.top - anchor;
      name.bottom = rect.bottom - anchor;
    });
  }

  /* Show the names that fit this view: the areas zoomed out (each once), the topics first zoomed
     in, larger groups first; a name is tried at its place, then a line above or below, and hidden if it
     would still run into a shown name, out of the map, or over a dot that stands alone. */
  function declutter() {
    var frame = svg.getBoundingClientRect();
    if (!frame.width) {
      return;
    }
    var k = view.width / frame.width, zoomed = WIDTH / view.width >= ZOOMED;
    var radius = dotPixels(frame.width), lonePx = Math.max(LONE_PX, 3 * radius);
    var dots = dotsInView(frame, k);
    var lone = loneDots(dots, lonePx);
    var kept = [];
    var order = names.filter(function (name) { return zoomed || !name.topic; });
    order.sort(function (a, b) { return (b.topic - a.topic) * zoomed || b.count - a.count; });
    names.forEach(function (name) { name.text.style.visibility = "hidden"; });
    var shown = {};  // zoomed out, an area is named once, at its largest island
    order.forEach(function (name) {
      if ((zoomed || !shown[name.text.textContent]) &&
          place(name, (name.x - view.x) / k, (name.y - view.y) / k)) {
        shown[name.text.textContent] = true;
      }
    });
    viewName.style.visibility = "hidden";
    if (!kept.length && dots.length) {
      nameView(dots);
    }

    function place(name, x, y) {
      if (!name.width || x < 0 || y < 0 || x > frame.width || y > frame.height) {
        return false;
      }
      var line = name.bottom - name.top;
      return [0, -1, 1, -2, 2].some(function (shift) {
        var spot = {left: x - name.width / 2, right: x + name.width / 2,
                    top: y + name.top + shift * line, bottom: y + name.bottom + shift * line};
        if (spot.left < 0 || spot.right > frame.width || spot.top < 0 ||
            spot.bottom > frame.height || kept.some(function (other) { return meets(spot, other); }) ||
            covers(lone, spot, radius + MARGIN_PX, lonePx)) {
          return false;
        }
        if (name.text === viewName) {  // the view's name goes wherever it fits
          viewName.setAttribute("x", view.x + x * k);
          viewName.setAttribute("y", view.y + y * k);
        }
        name.text.setAttribute("dy", shift * line * k);
        name.text.style.visibility = "visible";
        kept.push(spot);
        return true;
      });
    }

    /* No name fits: call the view by the area most of its dots are in, at their centre. */
    function nameView(dots) {
      var counts = {}, best = null;
      dots.forEach(function (dot) {
        var area = areaByClass[dot.area];
        if (area) {
          counts[area] = (counts[area] || 0) + 1;
          best = best && counts[best] >= counts[area] ? best : area;
        }
      });
      if (!best) {
        return;
      }
      var mine = dots.filter(function (dot) { return areaByClass[dot.area] === best; });
      var x = mine.reduce(function (sum, dot) { return sum + dot.x; }, 0) / mine.length;
      var y = mine.reduce(function (sum, dot) { return sum + dot.y; }, 0) / mine.length;
      viewName.textContent = best;
      viewName.setAttribute("x", view.x + x * k);  // measured there
      viewName.setAttribute("y", view.y + y * k);
      viewName.removeAttribute("dy");
      var rect = viewName.getBoundingClientRect();
      var name = {text: viewName, width: rect.width, top: rect.top - frame.top - y,
                  bottom: rect.bottom - frame.top - y};
      // Else the free spot closest to them, on a grid over the view.
      var spots = [];
      for (var column = 0.5; column < 8; column++) {
        for (var row = 0.5; row < 12; row++) {
          spots.push([frame.width * column / 8, frame.height * row / 12]);
        }
      }
      spots.sort(function (a, b) {
        return Math.hypot(a[0] - x, a[1] - y) - Math.hypot(b[0] - x, b[1] - y);
      });
      [[x, y]].concat(spots).some(function (spot) { return place(name, spot[0], spot[1]); });
    }
  }

  function meets(a, b) {
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  }

  /* The dots in view, in pixels from the map's top left corner, with their colour class. */
  function dotsInView(frame, k) {
    var dots = [];
    centres.forEach(function (centre, index) {
      var x = (centre[0] - view.x) / k, y = (centre[1] - view.y) / k;
      if (x >= 0 && y >= 0 && x <= frame.width && y <= frame.height) {
        dots.push({x: x, y: y, area: links[index].lastElementChild.getAttribute("class")});
      }
    });
    return dots;
  }

  /* The dots with no other within `lonePx`, in a grid of cells that wide. */
  function loneDots(dots, lonePx) {
    var grid = {}, lone = {};
    dots.forEach(function (dot) {
      var key = Math.floor(dot.x / lonePx) + " " + Math.floor(dot.y / lonePx);
      (grid[key] = grid[key] || []).push(dot);
    });
    dots.forEach(function (dot) {
      var column = Math.floor(dot.x / lonePx), row = Math.floor(dot.y / lonePx), alone = true;
      for (var dc = -1; dc <= 1 && alone; dc++) {
        for (var dr = -1; dr <= 1 && alone; dr++) {
          alone = !(grid[(column + dc) + " " + (row + dr)] || []).some(function (other) {
            return other !== dot && Math.pow(other.x - dot.x, 2) + Math.pow(other.y - dot.y, 2) <
              lonePx * lonePx;
          });
        }
      }
      if (alone) {
        var key = column + " " + row;
        (lone[key] = lone[key] || []).push(dot);
      }
    });
    return lone;
  }

  function covers(lone, spot, radius, lonePx) {
    for (var column = Math.floor((spot.left - radius) / lonePx);
         column <= Math.floor((spot.right + radius) / lonePx); column++) {
      for (var row = Math.floor((spot.top - radius) / lonePx);
           row <= Math.floor((spot.bottom + radius) / lonePx); row++) {
        if ((lone[column + " " + row] || []).some(function (dot) {
          return dot.x + radius > spot.left && dot.x - radius < spot.right &&
            dot.y + radius > spot.top && dot.y - radius < spot.bottom;
        })) {
          return true;
        }
      }
    }
    return false;
  }

  /* Zoom by `factor` (> 1: in) keeping the map point (x, y) where it is on screen; `inGesture`:
     one of the many steps of a turning wheel. */
  function zoomAt(factor, x, y, inGesture) {
    var width = Math.min(WIDTH, Math.max(WIDTH / MAX_ZOOM, view.width / factor));
    var scale = width / view.width;
    view.x = x - (x - view.x) * scale;
    view.y = y - (y - view.y) * scale;
    view.width = width;
    view.height = HEIGHT * width / WIDTH;
    moveBy(0, 0, inGesture);
  }

  /* The buttons and keys zoom about the lit-up papers when there are any (to the middle of
     them), else about the middle of the view. */
  function zoomBy(factor) {
    var hits = centres.filter(function (centre, index) {
      return links[index].classList.contains("ps-hit");
    });
    if (!hits.length) {
      var middle = centre();
      zoomAt(factor, middle[0], middle[1]);
      return;
    }
    var xs = hits.map(function (point) { return point[0]; });
    var ys = hits.map(function (point) { return point[1]; });
    var width = Math.min(WIDTH, Math.max(WIDTH / MAX_ZOOM, view.width / factor));
    view.width = width;
    view.height = HEIGHT * width / WIDTH;
    view.x = (Math.min.apply(null, xs) + Math.max.apply(null, xs) - width) / 2;
    view.y = (Math.min.apply(null, ys) + Math.max.apply(null, ys) - view.height) / 2;
    moveBy(0, 0);
  }

  function moveBy(dx, dy, inGesture) {  // in map units, kept within the map
    view.x = Math.min(Math.max(view.x + dx, 0), WIDTH - view.width);
    view.y = Math.min(Math.max(view.y + dy, 0), HEIGHT - view.height);
    show(inGesture);
  }

  function centre() {
    return [view.x + view.width / 2, view.y + view.height / 2];
  }

  function reset() {
    view = {x: 0, y: 0, width: WIDTH, height: HEIGHT};
    show();
  }

  /* The map point under a screen point, in the view as it is (it is drawn a frame later). */
  function mapPoint(clientX, clientY) {
    var frame = svg.getBoundingClientRect();
    return [view.x + (clientX - frame.left) / frame.width * view.width,
            view.y + (clientY - frame.top) / frame.height * view.height];
  }

  tools.addEventListener("click", function (event) {
    var button = event.target.closest("[data-zoom]");
    if (!button) {
      return;
    }
    if (button.dataset.zoom === "reset") {
      reset();
    } else {
      zoomBy(button.dataset.zoom === "in" ? STEP : 1 / STEP);
    }
  });

  svg.addEventListener("wheel", function (event) {
    event.preventDefault();
    var point = mapPoint(event.clientX, event.clientY);
    zoomAt(event.deltaY < 0 ? 1.25 : 0.8, point[0], point[1], true);
  }, {passive: false});

  var ARROWS = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
  svg.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var index = links.indexOf(event.target.closest && event.target.closest(".d a"));
    if (index >= 0 && ARROWS[event.key]) {  // on a dot, the arrows go from dot to dot
      event.preventDefault();
      var next = nearest(index, ARROWS[event.key]);
      if (next >= 0) {
        links[next].focus();
      }
      return;
    }
    var keys = {
      "+": function () { zoomBy(STEP); },
      "=": function () { zoomBy(STEP); },
      "-": function () { zoomBy(1 / STEP); },
      "0": reset
    };
    var arrow = ARROWS[event.key];
    if (event.target === svg && (keys[event.key] || arrow)) {
      event.preventDefault();
      if (arrow) {
        moveBy(arrow[0] * view.width * MOVE, arrow[1] * view.height * MOVE);
      } else {
        keys[event.key]();
      }
    }
  });

  /* The closest dot from dot `index` in a direction: within 45° of it, the nearest. */
  function nearest(index, direction) {
    var from = centres[index], best = -1, bestDistance = Infinity;
    centres.forEach(function (centre, other) {
      var along = (centre[0] - from[0]) * direction[0] + (centre[1] - from[1]) * direction[1];
      var across = Math.abs((centre[0] - from[0]) * direction[1] - (centre[1] - from[1]) * direction[0]);
      var distance = along + 2 * across;
      if (other !== index && along > 0 && across <= along && distance < bestDistance) {
        best = other;
        bestDistance = distance;
      }
    });
    return best;
  }

  /* A dot in focus is brought into view and its title shown above it; a hovered dot's too. */
  function nameDot(link) {
    named = link;
    var host = svg.parentNode, frame = host.getBoundingClientRect();  // placed in its padding box
    var mark = link.lastElementChild.getBoundingClientRect();
    nameTag.textContent = titles[links.indexOf(link)];
    var x = mark.left + mark.width / 2 - frame.left - host.clientLeft + host.scrollLeft;
    var below = mark.top - frame.top < 60;  // no room above: under the dot
    nameTag.hidden = false;
    var half = nameTag.offsetWidth / 2;  // kept within the map
    nameTag.style.left = Math.min(Math.max(x, half), Math.max(half, host.clientWidth - half)) + "px";
    nameTag.style.top = (below ? mark.bottom : mark.top) - frame.top - host.clientTop + "px";
    nameTag.classList.toggle("ps-below", below);
  }

  function unname() {
    named = null;
    nameTag.hidden = true;
  }

  svg.addEventListener("focusin", function (event) {
    var link = event.target.closest(".d a");
    if (!link) {
      return;
    }
    var point = centres[links.indexOf(link)];
    if (point[0] < view.x || point[0] > view.x + view.width ||
        point[1] < view.y || point[1] > view.y + view.height) {
      moveBy(point[0] - view.width / 2 - view.x, point[1] - view.height / 2 - view.y);
    }
    nameDot(link);
  });
  svg.addEventListener("focusout", unname);
  svg.addEventListener("mouseover", function (event) {
    var link = event.target.closest(".d a");
    if (link) {
      nameDot(link);
    }
  });
  svg.addEventListener("mouseout", function (event) {  // back to the dot in focus, if any
    var focused = document.activeElement;
    if (event.target.closest(".d a")) {
      if (focused && focused !== named && links.indexOf(focused) >= 0) {
        nameDot(focused);
      } else if (focused !== named) {
        unname();
      }
    }
  });

  // Dragging moves the map; a drag that ends on a dot does not open it. A first tap on a dot
  // names it; a second opens it.
  var drag = null, dragged = false, pointer = "";
  svg.addEventListener("pointerdown", function (event) {
    drag = {x: event.clientX, y: event.clientY, view: {x: view.x, y: view.y}};
    dragged = false;
    pointer = event.pointerType;
  });
  svg.addEventListener("pointermove", function (event) {
    if (!drag) {
      return;
    }
    var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
    if (!dragged && Math.abs(dx) + Math.abs(dy) < 5) {
      return;
    }
    dragged = true;
    var scale = view.width / svg.getBoundingClientRect().width;
    view.x = drag.view.x;
    view.y = drag.view.y;
    moveBy(-dx * scale, -dy * scale);
  });
  window.addEventListener("pointerup", function () { drag = null; });
  svg.addEventListener("click", function (event) {
    var link = event.target.closest(".d a");
    if (dragged) {
      event.preventDefault();
      dragged = false;
    } else if (link && pointer === "touch" && named !== link) {
      event.preventDefault();
      link.focus();
      nameDot(link);
    }
  }, true);

  search.addEventListener("input", function () {
    var words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    var hits = 0;
    links.forEach(function (link, index) {
      var hit = words.length > 0 && words.every(function (word) {
        return lowerTitles[index].indexOf(word) >= 0;
      });
      link.classList.toggle("ps-hit", hit);
      hits += hit;
    });
    svg.toggleAttribute("data-searching", words.length > 0);
    found.textContent = words.length ? hits + (hits === 1 ? " paper" : " papers") : "";
  });
})();
