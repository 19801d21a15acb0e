import { Entity, Index } from 'typeorm';
import { KeyText, NullableText, Text } from './columns';
import { BelongsToCustomer, CustomerEntity } from './customer.entities';

@Entity('cases')
@Index(['customerId', 'requestedAt'])
export class CaseEntity {
  @KeyText() customerId!: string;
  @KeyText() id!: string;
  @NullableText() description!: string | null;
  @NullableText() category!: string | null;
  @NullableText() categoryDescription!: string | null;
  @Text() requestedAt!: string;
  @Text() status!: string;
  @BelongsToCustomer() owner?: CustomerEntity;
}

@Entity('email_activities')
@Index(['customerId', 'sentAt'])
export class EmailActivityEntity {
  @KeyText() customerId!: string;
  @KeyText() id!: string;
  @NullableText() userId!: string | null;
  @NullableText() typeId!: string | null;
  @NullableText() typeDescription!: string | null;
  @NullableText() fromAddress!: string | null;
  @NullableText() toAddress!: string | null;
  @NullableText() ccAddress!: string | null;
  @NullableText() subject!: string | null;
  @NullableText() body!: string | null;
  @NullableText() sentBy!: string | null;
  @NullableText() sendStatus!: string | null;
  @Text() sentAt!: string;
  @NullableText() createdBy!: string | null;
  @NullableText() createdAt!: string | null;
  @NullableText() modifiedBy!: string | null;
  @NullableText() modifiedAt!: string | null;
  @BelongsToCustomer() owner?: CustomerEntity;
}

@Entity('issue_activities')
@Index(['customerId', 'submittedAt'])
export class IssueActivityEntity {
  @KeyText() customerId!: string;
  @KeyText() id!: string;
  @NullableText() userId!: string | null;
  @NullableText() company!: string | null;
  @NullableText() firstName!: string | null;
  @NullableText() lastName!: string | null;
  @NullableText() email!: string | null;
  @NullableText() phoneNumber!: string | null;
  @NullableText() contactMethod!: string | null;
  @NullableText() description!: string | null;
  @Text() submittedAt!: string;
  @NullableText() status!: string | null;
  @NullableText() csrMailbox!: string | null;
  @NullableText() deviceChannel!: string | null;
  @NullableText() caseTypeDescription!: string | null;
  @NullableText() caseTypeCode!: string | null;
  @NullableText() caseSubTypeDescription!: string | null;
  @NullableText() caseSubTypeCode!: string | null;
  @NullableText() country!: string | null;
  @NullableText() billingStreetAddress!: string | null;
  @NullableText() billingStreetAddress2!: string | null;
  @NullableText() billingCity!: string | null;
  @NullableText() billingState!: string | null;
  @NullableText() billingZipCode!: string | null;
  @NullableText() serviceStreetAddress!: string | null;
  @NullableText() serviceStreetAddress2!: string | null;
  @NullableText() serviceCity!: string | null;
  @NullableText() serviceState!: string | null;
  @NullableText() serviceZipCode!: string | null;
  @NullableText() createdBy!: string | null;
  @NullableText() createdAt!: string | null;
  @NullableText() modifiedBy!: string | null;
  @NullableText() modifiedAt!: string | null;
  @BelongsToCustomer() owner?: CustomerEntity;
}
