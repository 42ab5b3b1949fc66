// Jest stand-in for CSS imports (styles are a webpack concern).
module.exports = {};
