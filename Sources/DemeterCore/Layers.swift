// `import DemeterCore` brings the whole engine: the three layers below this one are re-exported, so
// a package that renders reports names one module (manual: architecture).
@_exported import DemeterDigests
@_exported import DemeterFoundation
@_exported import DemeterJournal
