"""papersite's templates and assets for Material for MkDocs.

This folder is the repository's Material `custom_dir`; the package ships it as `papersite.theme`,
and the plugin puts it among the theme's folders of any project (after that project's own
`custom_dir`, so that a project can still override each file).
"""
