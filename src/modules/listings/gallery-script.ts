// The car page's one script (P145): the gallery, better with it. Without it the page still works
// (P89): swipe, the focused strip scrolls by keyboard, each photo opens full size (a link to its
// largest copy), the numbered links jump to a photo. With it: arrows (wrapping at the ends), the
// links scroll the strip in place instead of jumping the page, and a photo opens the gallery in
// the browser's full-screen view (Esc or the button leaves it), at full width. Served under a
// content hash (immutable); no inline script, so the page's CSP allows this address only.
import { asset } from '../../core/web/assets.js';

const JS = `
(function () {
  var gal = document.querySelector('[data-gallery]');
  if (!gal) return;
  var strip = gal.querySelector('.gallery');
  var items = strip.children;
  var reduce = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  var left = function (i) { return items[i].offsetLeft - strip.offsetLeft; };
  var index = function () {
    var x = strip.scrollLeft, best = 0, d = Infinity;
    for (var i = 0; i < items.length; i++) { var e = Math.abs(left(i) - x); if (e < d) { d = e; best = i; } }
    return best;
  };
  var go = function (i, instant) {
    var n = items.length;
    strip.scrollTo({ left: left(((i % n) + n) % n), behavior: instant || reduce ? 'auto' : 'smooth' });
  };
  if (items.length > 1) {
    gal.querySelectorAll('.arrow').forEach(function (b) {
      b.hidden = false;
      b.addEventListener('click', function () { go(index() + Number(b.getAttribute('data-step'))); });
    });
  }
  document.querySelectorAll('.thumbs a').forEach(function (a, i) {
    a.addEventListener('click', function (e) { e.preventDefault(); go(i); });
  });
  var full = gal.querySelector('.full');
  if (!gal.requestFullscreen || !document.fullscreenEnabled) return;
  var open = function (i) { gal.requestFullscreen().then(function () { go(i, true); }, function () {}); };
  full.hidden = false;
  full.addEventListener('click', function () {
    if (document.fullscreenElement) document.exitFullscreen(); else open(index());
  });
  gal.querySelectorAll('.zoom').forEach(function (a, i) {
    a.addEventListener('click', function (e) { e.preventDefault(); if (!document.fullscreenElement) open(i); });
  });
  // In full screen a photo is the screen's width: the browser picks its larger copy.
  var sized = gal.querySelectorAll('[sizes]');
  sized.forEach(function (el) { el.setAttribute('data-sizes', el.getAttribute('sizes')); });
  document.addEventListener('fullscreenchange', function () {
    var on = document.fullscreenElement === gal;
    var i = index();
    sized.forEach(function (el) { el.setAttribute('sizes', on ? '100vw' : el.getAttribute('data-sizes')); });
    full.textContent = full.getAttribute(on ? 'data-close' : 'data-open');
    full.setAttribute('aria-pressed', on ? 'true' : 'false');
    go(i, true);
    if (on) strip.focus();
  });
})();
`;

export const GALLERY_SCRIPT = asset(JS.trim(), 'text/javascript; charset=utf-8');
/** Its address, relative to the site's root. */
export const galleryScriptPath = `/assets/gallery.${GALLERY_SCRIPT.hash}.js`;
