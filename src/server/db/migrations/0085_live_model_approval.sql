-- A live model may be approved (issue 38 point 3): the approval kind its rows are sent through (`finance`: the fund
-- approval, as a gadget or an expense claim is), blank for none. Publishing then adds the approval's columns.
alter table blade_model add column approval_kind varchar(64) not null default '';
