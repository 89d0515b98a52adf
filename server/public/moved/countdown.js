/* global document, window, setInterval, clearInterval */
// The moved-notice page's countdown (a file: the CSP forbids inline scripts). The page's
// <meta http-equiv="refresh"> redirects on its own; this only shows the seconds and goes on time.
(function () {
  var target = document.getElementById('moved-target');
  var seconds = document.getElementById('moved-seconds');
  if (!target || !seconds) return;
  var left = Number(seconds.textContent) || 4;
  var timer = setInterval(function () {
    left -= 1;
    seconds.textContent = String(Math.max(left, 0));
    if (left <= 0) {
      clearInterval(timer);
      window.location.replace(target.getAttribute('href'));
    }
  }, 1000);
})();
