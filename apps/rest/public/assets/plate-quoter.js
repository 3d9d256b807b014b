// Live re-pricing on the plate quoter: when the quantity changes, ask the server for today's
// price and fill it in. Without this script the form's button does the same with a page load.
// A quantity that cannot be priced (0, 1000, 2.5, empty) is said under the field at once, and the
// figures and order buttons of the last quantity are hidden or disabled until a good one is priced.
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

  var maxPieces = input.getAttribute('max') || '999';
  var minPieces = input.getAttribute('min') || '1';

  /** Why the typed quantity cannot be priced, in the words the page uses without the script. */
  function refusalOf(field) {
    var v = field.validity;
    var typed = field.value;
    var ask = 'Enter a whole number from ' + minPieces + ' to ' + maxPieces;
    if (v.valueMissing || v.badInput) return ask + '.';
    if (v.stepMismatch) return ask + ': ' + typed + ' is not a whole number of pieces.';
    if (v.rangeUnderflow) return ask + ': ' + typed + ' is fewer than ' + minPieces + '.';
    if (v.rangeOverflow) return ask + ': ' + typed + ' is more than ' + maxPieces + ' (ask the shop for a larger run).';
    return ask + '.';
  }

  /** The parts that belong to the last priced quantity: its figures, notes and the order buttons made for it. */
  function stale() {
    var parts = [];
    var amount = document.querySelector('[data-field="amount"]');
    var figures = amount && amount.closest('dl');
    if (figures) parts.push(figures);
    var notes = document.querySelector('[data-field="notes"]');
    if (notes) parts.push(notes);
    var checkout = document.getElementById('checkout');
    if (checkout) parts.push(checkout);
    return parts;
  }

  function requestButton() {
    var count = document.querySelector('[data-field="orderCount"]');
    return count && count.closest('button');
  }

  function errorNode() {
    var node = document.getElementById('quantity-error');
    if (!node) {
      node = document.createElement('p');
      node.id = 'quantity-error';
      node.className = 'field-error';
      var row = input.closest('.inline') || input;
      row.parentNode.insertBefore(node, row.nextSibling);
    }
    return node;
  }

  /** The quantity refused: the message under the field, nothing of the old quantity left to act on. */
  function refuse(message) {
    var node = errorNode();
    node.setAttribute('role', 'alert');
    node.textContent = message;
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', 'quantity-error');
    stale().forEach(function (part) {
      part.hidden = true;
      // Set through the CSSOM: the page's own stylesheet gives the figures a display that would beat [hidden].
      part.style.display = 'none';
    });
    var button = requestButton();
    if (button) button.disabled = true;
  }

  /** A good quantity priced: the message gone, the figures and buttons back. */
  function accept() {
    var node = document.getElementById('quantity-error');
    if (node) node.parentNode.removeChild(node);
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
    stale().forEach(function (part) {
      part.hidden = false;
      part.style.display = '';
    });
    var button = requestButton();
    if (button) button.disabled = false;
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
    accept();
    var checkout = document.getElementById('checkout');
    if (checkout && display.checkoutHref) {
      checkout.href = display.checkoutHref;
      checkout.textContent = 'Order ' + display.quantity + ' at the shop\u2019s checkout';
    } else if (checkout) {
      // This quantity cannot be ordered at the checkout: no link for it.
      checkout.hidden = true;
      checkout.style.display = 'none';
    }
    if (window.history && history.replaceState) history.replaceState(null, '', '?quantity=' + display.quantity);
  }

  function update() {
    var asked = ++latest;
    if (!input.validity.valid) {
      section.classList.remove('updating');
      refuse(refusalOf(input));
      return;
    }
    // The page was drawn for a quantity it could not price (no figures to fill in): load it for this one.
    if (!document.querySelector('[data-field="amount"]')) {
      if (input.form) input.form.submit();
      return;
    }
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
        if (asked === latest) refuse(error.message);
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
