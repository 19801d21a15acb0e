import { Module } from '@nestjs/common';
import { LanguageController } from './language.controller';

/** A customer's language: read and set (CONTRACT §11). */
@Module({ controllers: [LanguageController] })
export class LanguageModule {}
