// Decorator metadata needs the polyfill before any entity or resolver class loads.
import 'reflect-metadata';
