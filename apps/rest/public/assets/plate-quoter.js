// Live re-pricing on the plate quoter: when the quantity changes, ask the server for today's
// price and fill it in. Without this script the form's button does the same with a page load.
(function () {
  'use strict';
  var section = document.getElementById('price');
  var input = document.getElementById('quantity');
  if (!section || !input || !window.fetch) return;
  var designId = section.getAttribute('data-design');
  var timer = null;
  var latest = 0;

  function setText(name, text) {
    var nodes = document.querySelectorAll('[data-field="' + name + '"]');
    for (var i = 0; i < nodes.length; i++) nodes[i].textContent = text;
  }

  function show(display) {
    ['unit', 'unitNote', 'amount', 'tax', 'total', 'leadTime', 'leadTimeNote', 'change', 'orderCount'].forEach(function (name) {
      setText(name, name === 'orderCount' ? String(display.quantity) : display[name]);
    });
    var notes = document.querySelector('[data-field="notes"]');
    if (notes) {
      notes.textContent = '';
      display.notes.forEach(function (note) {
        var li = document.createElement('li');
        li.className = 'issue info';
        li.textContent = note;
        notes.appendChild(li);
      });
    }
    var hidden = document.querySelector('[data-field="orderQuantity"]');
    if (hidden) hidden.value = String(display.quantity);
    var checkout = document.getElementById('checkout');
    if (checkout && display.checkoutHref) {
      checkout.href = display.checkoutHref;
      checkout.textContent = 'Order ' + display.quantity + ' at the shop\u2019s checkout';
    }
    if (window.history && history.replaceState) history.replaceState(null, '', '?quantity=' + display.quantity);
  }

  function update() {
    if (!input.checkValidity()) return;
    var asked = ++latest;
    section.classList.add('updating');
    fetch('/plate/' + encodeURIComponent(designId) + '/price?quantity=' + encodeURIComponent(input.value), {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    })
      .then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok) throw new Error(body && body.error ? body.error.message : 'The price could not be updated.');
          return body;
        });
      })
      .then(function (body) {
        if (asked === latest) show(body.display);
      })
      .catch(function (error) {
        if (asked === latest) setText('change', error.message);
      })
      .then(function () {
        if (asked === latest) section.classList.remove('updating');
      });
  }

  input.addEventListener('input', function () {
    clearTimeout(timer);
    timer = setTimeout(update, 250);
  });
  var form = input.form;
  if (form) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      clearTimeout(timer);
      update();
    });
  }
})();
